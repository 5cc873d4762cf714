/**
 * Pool waits (`GET /api/health/pool`, server/db/poolWaits.ts): the route answers without a session and
 * says which database serves, with the pg Pool's counters on PostgreSQL; the counting itself is checked
 * on a pool of fake connections, so it runs on either database.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MeteredPool } from '../../server/db/poolWaits.ts';
import { setupTestApp } from '../support/testApp.ts';

const t = setupTestApp();

/** A connection that connects at once and runs nothing: enough for the pool's checkouts. */
class FakeClient extends EventEmitter {
  connect(callback: (error?: Error) => void): void {
    setImmediate(() => callback());
  }
  end(callback?: () => void): Promise<void> {
    this.emit('end');
    callback?.();
    return Promise.resolve();
  }
}

const fakePool = (max: number, connectionTimeoutMillis = 1_000) =>
  new MeteredPool({ max, Client: FakeClient as unknown as typeof pg.Client, connectionTimeoutMillis });

describe('GET /api/health/pool', () => {
  it('answers without a session, with the pool figures on PostgreSQL only', async () => {
    await t.client().get('health/ready');
    const res = await t.client().get('health/pool');
    expect(res.statusCode).toBe(200);
    if (!process.env.DATABASE_URL) {
      expect(res.json()).toEqual({ database: 'pglite', eventLoopDelayMs: expect.any(Object) });
      return;
    }
    const figures = res.json();
    expect(figures).toMatchObject({ database: 'postgres', max: 10 });
    expect(figures.checkouts).toBeGreaterThan(0);
    expect(figures.waited).toBeLessThanOrEqual(figures.checkouts);
    expect(figures.totalCount).toBeLessThanOrEqual(figures.max);
  });

  it('says how late the event loop ran since the previous read', async () => {
    await t.client().get('health/pool');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const blockedUntil = performance.now() + 120;
    while (performance.now() < blockedUntil) {
      // the event loop is held here, as a long synchronous task would hold it
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    const late = (await t.client().get('health/pool')).json().eventLoopDelayMs;
    expect(late.max).toBeGreaterThanOrEqual(100);
    expect(late.p99).toBeLessThanOrEqual(late.max);
    const after = (await t.client().get('health/pool')).json().eventLoopDelayMs;
    expect(after.max).toBeLessThan(late.max);
  });
});

describe('the metered pool', () => {
  it('counts a checkout as waiting only when the pool is full, and for as long as it waits', async () => {
    const pool = fakePool(1);
    const held = await pool.connect();
    const queued = pool.connect();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(pool.figures()).toMatchObject({ checkouts: 1, waited: 0, waitingCount: 1, totalCount: 1 });
    held.release();
    (await queued).release();
    const figures = pool.figures();
    expect(figures).toMatchObject({ checkouts: 2, waited: 1, waitingCount: 0 });
    expect(figures.waitMsMax).toBeGreaterThanOrEqual(50);
    expect(figures.waitMsTotal).toBe(figures.waitMsMax);
    await pool.end();
  });

  it('sees the checkouts of pool.query, which go through the callback form of connect', async () => {
    const pool = fakePool(2);
    const client = await pool.connect();
    client.release();
    await new Promise<void>((resolve) =>
      pool.connect((error, other, done) => {
        expect(error).toBeUndefined();
        expect(other).toBeDefined();
        done();
        resolve();
      }),
    );
    expect(pool.figures()).toMatchObject({ checkouts: 2, waited: 0, waitMsTotal: 0, waitMsMax: 0 });
    await pool.end();
  });

  it('counts a wait that timed out', async () => {
    const pool = fakePool(1, 50);
    const held = await pool.connect();
    await expect(pool.connect()).rejects.toThrow(/timeout/i);
    expect(pool.figures()).toMatchObject({ checkouts: 2, waited: 1 });
    expect(pool.figures().waitMsMax).toBeGreaterThanOrEqual(40);
    held.release();
    await pool.end();
  });
});
