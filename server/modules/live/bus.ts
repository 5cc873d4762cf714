/**
 * The live bus: a write tells every instance what changed, through PostgreSQL's own NOTIFY (PGlite
 * has it too, in process). The message carries a kind and ids only; each instance reads the rest
 * through the same read paths and the one visibility rule (deliver.ts). NOTIFY is transactional:
 * published inside the write's transaction, a message goes out when it commits and never when it
 * rolls back. Ids come from one sequence, so they are unique across instances.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle, Executor } from '../../db/client.ts';

export const LIVE_CHANNEL = 'quad_live';
/** A deleted session's id (migration 0011's trigger): every process drops it from its session cache. */
export const SESSIONS_CHANNEL = 'quad_sessions';

/** What changed, as the bus carries it. */
export type BusPayload =
  | { k: 'notification'; user: string; notification: string }
  | { k: 'post'; post: string }
  | { k: 'comment.votes'; post: string; comment: string }
  | { k: 'comment.added'; post: string; comment: string }
  | { k: 'comment.deleted'; post: string; comment: string; kept: boolean }
  | { k: 'poll'; poll: string }
  | { k: 'post.edited'; post: string }
  | { k: 'comment.edited'; post: string; comment: string }
  | { k: 'poll.edited'; poll: string };

export type BusMessage = BusPayload & { id: string };

/** Publishes `payload` when `tx` commits (at once outside a transaction). */
export async function publish(tx: Executor, payload: BusPayload): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, nextval('live_event_ids')::text || ' ' || ${JSON.stringify(payload)})`,
  );
}

/** The message of a NOTIFY payload, or null for one this version does not know. */
export function parseMessage(text: string): BusMessage | null {
  const space = text.indexOf(' ');
  if (space < 1) return null;
  try {
    const payload = JSON.parse(text.slice(space + 1)) as BusPayload;
    return typeof payload === 'object' && payload !== null && typeof payload.k === 'string'
      ? { ...payload, id: text.slice(0, space) }
      : null;
  } catch {
    return null;
  }
}

export interface BusHandlers {
  message(message: BusMessage): void;
  sessionEnded(sessionId: string): void;
  /** Listening stopped and started again: messages may have been missed in between. */
  gap(): void;
  log(level: 'warn' | 'info', message: string): void;
}

export interface BusListener {
  close(): Promise<void>;
}

const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

/** Listens on the database the app runs on: PGlite in process, or a dedicated PostgreSQL connection. */
export async function listen(database: DatabaseHandle, handlers: BusHandlers): Promise<BusListener> {
  const onText: Record<string, (text: string) => void> = {
    [LIVE_CHANNEL]: (text) => {
      const message = parseMessage(text);
      if (message) handlers.message(message);
    },
    [SESSIONS_CHANNEL]: (text) => handlers.sessionEnded(text),
  };
  if (database.kind === 'pglite') {
    const stops = await Promise.all(
      Object.entries(onText).map(([channel, on]) => database.client.listen(channel, on)),
    );
    return { close: async () => void (await Promise.all(stops.map((stop) => stop()))) };
  }
  return listenOnPostgres(database.url, onText, handlers);
}

/**
 * LISTEN holds one connection of its own (outside the pool). When the database goes away it is
 * opened again with growing waits, and the hub is told of the gap (resumes across it get `reload`).
 */
function listenOnPostgres(
  url: string,
  onText: Record<string, (text: string) => void>,
  handlers: BusHandlers,
): BusListener {
  let closed = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    retry = null;
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      next.end().catch(() => undefined);
      if (closed) return;
      handlers.log('warn', 'live bus: connection lost, listening again');
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 5_000;
      attempt += 1;
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    next.on('notification', (n) => {
      if (n.payload) onText[n.channel]?.(n.payload);
    });
    try {
      await next.connect();
      for (const channel of Object.keys(onText)) await next.query(`LISTEN ${channel}`);
      if (attempt > 0) {
        handlers.log('info', 'live bus: listening again');
        handlers.gap();
      }
      attempt = 0;
    } catch {
      onLost();
    }
  };

  const first = connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await first;
      await client?.end().catch(() => undefined);
    },
  };
}
