/**
 * How long requests wait for a connection of the pg Pool (`GET /api/health/pool`): a checkout waits
 * when every connection is busy and the pool is full, until one is given back (or connectionTimeout).
 * `pool.query` checks out through `this.connect` too, so overriding `connect` sees every checkout.
 * Counters only: no query text, no parameters, nothing about who asked.
 */
import pg from 'pg';

export interface PoolWaits {
  /** Checkouts asked for since the server started (those that failed too). */
  checkouts: number;
  /** Of them, those that found the pool full with no idle connection and waited in its queue. */
  waited: number;
  /** Their total and longest wait, in milliseconds (a wait that timed out counts too). */
  waitMsTotal: number;
  waitMsMax: number;
}

export interface PoolFigures extends PoolWaits {
  max: number;
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const tenths = (ms: number) => Math.round(ms * 10) / 10;

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

export class MeteredPool extends pg.Pool {
  readonly #waits: PoolWaits = { checkouts: 0, waited: 0, waitMsTotal: 0, waitMsMax: 0 };

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const queued = this.idleCount === 0 && this.totalCount >= (this.options.max ?? 10);
    const start = performance.now();
    const counted = () => {
      this.#waits.checkouts += 1;
      if (!queued) return;
      const ms = performance.now() - start;
      this.#waits.waited += 1;
      this.#waits.waitMsTotal += ms;
      this.#waits.waitMsMax = Math.max(this.#waits.waitMsMax, ms);
    };
    if (callback) {
      super.connect((err, client, done) => {
        counted();
        callback(err, client, done);
      });
      return undefined;
    }
    return super.connect().finally(counted);
  }

  /** The counters and the pool's state now. */
  figures(): PoolFigures {
    const w = this.#waits;
    return {
      ...w,
      waitMsTotal: tenths(w.waitMsTotal),
      waitMsMax: tenths(w.waitMsMax),
      max: this.options.max ?? 10,
      totalCount: this.totalCount,
      idleCount: this.idleCount,
      waitingCount: this.waitingCount,
    };
  }
}
