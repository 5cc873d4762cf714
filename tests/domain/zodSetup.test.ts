/**
 * Every client module that makes zod schemas imports src/domain/zodSetup.ts first, so no schema is
 * made before zod is told not to generate code (the browser's policy forbids it). The server turns
 * code generation back on through its entry points (server/zodSetup.ts, tests/server/zodJit.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The module specifiers of the file's import statements, in order (type-only ones left out). */
const imports = (text: string) =>
  [...text.matchAll(/^import\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"];?$/gms)]
    .filter((match) => !match[1])
    .map((match) => match[2] ?? '');

describe('zod in the client', () => {
  const makers = sources(src).filter(
    (path) => !path.endsWith('zodSetup.ts') && imports(readFileSync(path, 'utf8')).includes('zod'),
  );

  it('is made into schemas only by modules that import zodSetup first', () => {
    expect(makers.length).toBeGreaterThan(0);
    const late = makers
      .filter((path) => !/^\.\.?\/(?:.*\/)?zodSetup\.ts$/.test(imports(readFileSync(path, 'utf8'))[0] ?? ''))
      .map((path) => relative(src, path));
    expect(late).toEqual([]);
  });
});
