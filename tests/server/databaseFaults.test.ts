/** Which errors count as "the database is away" (503 and a retry), whatever layer wraps them. */
import { describe, expect, it } from 'vitest';
import { databaseErrorCode, isDatabaseUnavailable } from '../../server/db/faults.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** Drizzle's DrizzleQueryError keeps the driver's error as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['an administrator shutdown', pgError('57P01')],
    ['a server starting up or shutting down', pgError('57P03')],
    ['a statement time-out', pgError('57014')],
    ['too many connections', pgError('53300')],
    ['a connection failure', pgError('08006')],
    ['a refused socket', pgError('ECONNREFUSED')],
    ['a cut socket', pgError('ECONNRESET')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['a socket that stopped answering', new Error('Query read timeout')],
    ['a refusal on every address of a host', new AggregateError([pgError('ECONNREFUSED')], '')],
  ])('is true for %s, also when wrapped', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['invalid text for a type', pgError('22P02')],
    ['a wrong password for the database', pgError('28P01')],
    ['a programming error', new TypeError('x is undefined')],
    ['not an error at all', 'text'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('reads the code through the wrappers and survives a cycle of causes', () => {
    expect(databaseErrorCode(wrapped(pgError('23505')))).toBe('23505');
    const loop: { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
    expect(databaseErrorCode(loop)).toBeUndefined();
  });
});
