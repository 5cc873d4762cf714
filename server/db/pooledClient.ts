/**
 * The connection class of Quad's pg Pool.
 *
 * Parameterized queries go as named statements (statementNames.ts): each text is parsed and planned
 * once per connection. Queries without values are left alone: they may hold several statements (a
 * migration), which only the simple protocol runs.
 *
 * A connection that fails while checked out gives itself back
 * to the pool at once, to be discarded. Drizzle 0.45's `transaction()` sends `begin` before its
 * try/finally, so a connection that dies just then is never released: each such leak would take a pool
 * slot for good and make `pool.end()` (a graceful shutdown) wait forever. Releasing is made idempotent,
 * so the owner's own `release()` later is a no-op instead of pg-pool's double-release error.
 */
import pg from 'pg';
import { statementName } from './statementNames.ts';

type Release = (error?: Error | boolean) => void;

export class SelfReleasingClient extends pg.Client {
  #poolRelease: Release | undefined;
  #released = true;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', (error) => this.release(error));
    const send = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      if (Array.isArray(values) && values.length > 0 && isUnnamedText(config)) {
        const name = statementName(config.text);
        if (name !== undefined) return send({ ...config, name }, values, callback);
      }
      return send(config, values, callback);
    }) as pg.Client['query'];
  }

  /** pg-pool assigns its release function at every checkout; reading it gives the idempotent one. */
  set release(poolRelease: Release) {
    this.#poolRelease = poolRelease;
    this.#released = false;
  }

  get release(): Release {
    return (error) => {
      if (this.#released || !this.#poolRelease) return;
      this.#released = true;
      this.#poolRelease(error);
    };
  }
}

function isUnnamedText(config: unknown): config is pg.QueryConfig {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as pg.QueryConfig).text === 'string' &&
    (config as pg.QueryConfig).name === undefined
  );
}
