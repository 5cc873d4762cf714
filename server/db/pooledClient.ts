/**
 * The connection class of Quad's pg Pool: a connection that fails while checked out gives itself back
 * to the pool at once, to be discarded. Drizzle 0.45's `transaction()` sends `begin` before its
 * try/finally, so a connection that dies just then is never released: each such leak would take a pool
 * slot for good and make `pool.end()` (a graceful shutdown) wait forever. Releasing is made idempotent,
 * so the owner's own `release()` later is a no-op instead of pg-pool's double-release error.
 */
import pg from 'pg';

type Release = (error?: Error | boolean) => void;

export class SelfReleasingClient extends pg.Client {
  #poolRelease: Release | undefined;
  #released = true;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', (error) => this.release(error));
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
