import { describe, expect, it } from 'vitest';
import { statementNamer } from '../../server/db/statementNames.ts';

describe('statementNamer', () => {
  it('gives each text one name, the same every time', () => {
    const nameOf = statementNamer(4);
    const first = nameOf('select $1');
    expect(first).toMatch(/^quad_\d+$/);
    expect(nameOf('select $1 + 1')).not.toBe(first);
    expect(nameOf('select $1')).toBe(first);
  });

  it('leaves texts unnamed past its limit, and keeps the names it gave', () => {
    const nameOf = statementNamer(2);
    const kept = [nameOf('a = $1'), nameOf('b = $1')];
    expect(nameOf('c = $1')).toBeUndefined();
    expect([nameOf('a = $1'), nameOf('b = $1')]).toEqual(kept);
  });
});
