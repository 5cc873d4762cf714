/**
 * The live streams of one instance: who holds them (by user, by what they watch), the bus messages
 * kept for resuming tabs, the heartbeat, and the check that closes the streams of ended sessions.
 * One timer each for all streams, not one per stream.
 */
import { randomUUID } from 'node:crypto';
import { LIVE_RULES, type WatchKind, watchParam } from '../../../src/domain/live.ts';
import type { Executor } from '../../db/client.ts';
import { anyOf } from '../../db/prepared.ts';
import { sessions } from '../../db/schema.ts';
import type { BusMessage } from './bus.ts';
import { type Audience, deliver } from './deliver.ts';
import type { LiveReads } from './reads.ts';
import type { LiveStream } from './stream.ts';

/** Messages waiting to be delivered beyond this are dropped and every stream told to reload. */
const MAX_PENDING = 5_000;

export type Admission = 'ok' | 'account' | 'address';

export interface HubOptions {
  /** Open streams per account and per client address (config LIVE_STREAMS_PER_*). */
  limits: { perAccount: number; perAddress: number };
  heartbeatMs?: number;
  sessionCheckMs?: number;
  resumeWindow?: number;
  now(): Date;
  log(error: unknown, message: string): void;
}

interface Received {
  /** This instance's arrival order. */
  seq: number;
  message: BusMessage;
}

export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly byAddress = new Map<string, Set<LiveStream>>();
  private readonly byWatch = new Map<string, Set<LiveStream>>();
  private readonly roomWatchers = new Set<LiveStream>();
  /** Bus messages in the order they arrived, for resuming tabs. */
  private recent: Received[] = [];
  private seq = 0;
  /** For each stream, the arrival it had been given everything up to when it joined. */
  private readonly joinedAt = new WeakMap<LiveStream, number>();
  /** Stands for "everything since this buffer started" while nothing has been dropped from it. */
  private origin = `origin-${randomUUID()}`;
  private dropped = false;
  private readonly chains = new Map<string, Promise<void>>();
  private pending = 0;
  private readonly timers: NodeJS.Timeout[];
  private readonly resumeWindow: number;

  constructor(
    private readonly db: Executor,
    private readonly reads: LiveReads,
    private readonly options: HubOptions,
  ) {
    this.resumeWindow = options.resumeWindow ?? LIVE_RULES.resumeWindow;
    this.timers = [
      setInterval(() => this.heartbeat(), options.heartbeatMs ?? LIVE_RULES.heartbeatMs),
      setInterval(() => void this.closeEndedSessions(), options.sessionCheckMs ?? LIVE_RULES.sessionCheckMs),
    ];
    for (const timer of this.timers) timer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Whether one more stream of this account and address fits. */
  admits(userId: string, address: string): Admission {
    const { perAccount, perAddress } = this.options.limits;
    if ((this.byUser.get(userId)?.size ?? 0) >= perAccount) return 'account';
    if ((this.byAddress.get(address)?.size ?? 0) >= perAddress) return 'address';
    return 'ok';
  }

  /** The id a new stream's `ready` carries: where it stands in the bus. */
  position(): string {
    return this.recent.at(-1)?.message.id ?? this.origin;
  }

  /**
   * Joins a stream, first delivering to it alone what it missed since `lastEventId` (null: nothing).
   * False, and not joined, when this instance no longer holds (or never held) that point: the tab
   * must reload. Messages that arrive during the catch-up are caught up too before it joins.
   */
  async join(stream: LiveStream, lastEventId: string | null): Promise<boolean> {
    let cursor = this.seq;
    if (lastEventId === this.origin && !this.dropped) cursor = 0;
    else if (lastEventId !== null) {
      const found = this.recent.find((entry) => entry.message.id === lastEventId);
      if (!found) return false;
      cursor = found.seq;
    }
    const only = oneStream(stream);
    for (;;) {
      const missed = this.recent.filter((entry) => entry.seq > cursor);
      if (!missed.length) break;
      for (const entry of missed) {
        await deliver(entry.message, only, this.reads);
        cursor = entry.seq;
      }
    }
    if (stream.isOpen) this.add(stream, cursor);
    return true;
  }

  private add(stream: LiveStream, joinedAt: number): void {
    this.joinedAt.set(stream, joinedAt);
    this.streams.add(stream);
    addTo(this.byUser, stream.owner.userId, stream);
    addTo(this.byAddress, stream.owner.address, stream);
    if (stream.watch) {
      addTo(this.byWatch, watchParam(stream.watch), stream);
      if (stream.watch.kind === 'room') this.roomWatchers.add(stream);
    }
    stream.whenClosed(() => this.remove(stream));
  }

  /** A bus message: kept for resumes, and delivered in order per user or item. */
  receive(message: BusMessage): void {
    this.seq += 1;
    const { seq } = this;
    this.recent.push({ seq, message });
    if (this.recent.length > this.resumeWindow) {
      this.recent = this.recent.slice(-this.resumeWindow);
      this.dropped = true;
    }
    if (this.pending >= MAX_PENDING) {
      this.gap();
      return;
    }
    const key = message.k === 'notification' ? `user:${message.user}` : keyOf(message);
    this.pending += 1;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous
      .then(() => deliver(message, this.audienceOf(seq), this.reads))
      .catch((error: unknown) => this.options.log(error, 'live: delivery failed'))
      .finally(() => {
        this.pending -= 1;
        if (this.chains.get(key) === next) this.chains.delete(key);
      });
    this.chains.set(key, next);
  }

  /** Messages may have been lost (the bus reconnected, or delivery fell behind): every tab reloads. */
  gap(): void {
    this.recent = [];
    this.origin = `origin-${randomUUID()}`;
    this.dropped = false;
    for (const stream of this.streams) stream.send('reload', this.origin, {});
  }

  /** The streams message `seq` may reach: those that had not been given it when they joined. */
  private audienceOf(seq: number): Audience {
    const since = (set: Set<LiveStream> | undefined) =>
      [...(set ?? [])].filter((stream) => (this.joinedAt.get(stream) ?? seq) < seq);
    return {
      ofUser: (userId) => since(this.byUser.get(userId)),
      watching: (kind, id) => since(this.byWatch.get(watchParam({ kind, id }))),
      roomWatchers: () => since(this.roomWatchers),
    };
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    for (const stream of [...this.streams]) stream.close();
  }

  private remove(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    removeFrom(this.byUser, stream.owner.userId, stream);
    removeFrom(this.byAddress, stream.owner.address, stream);
    if (stream.watch) {
      removeFrom(this.byWatch, watchParam(stream.watch), stream);
      this.roomWatchers.delete(stream);
    }
  }

  private heartbeat(): void {
    for (const stream of this.streams) stream.heartbeat();
  }

  /** Logout, revocation, account deletion and expiry end sessions; their streams close here. */
  private async closeEndedSessions(): Promise<void> {
    if (!this.streams.size) return;
    const ids = [...new Set([...this.streams].map((stream) => stream.owner.sessionId))];
    try {
      const live = await this.db
        .select({ id: sessions.id, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(anyOf(sessions.id, ids));
      const now = this.options.now().getTime();
      const valid = new Set(live.filter((s) => s.expiresAt.getTime() > now).map((s) => s.id));
      // Only the sessions asked about: a stream that joined during the query is checked next time.
      const ended = new Set(ids.filter((id) => !valid.has(id)));
      for (const stream of [...this.streams]) if (ended.has(stream.owner.sessionId)) stream.close();
    } catch (error) {
      // The database is away: the streams stay until it answers again.
      this.options.log(error, 'live: session check failed');
    }
  }
}

const keyOf = (message: Exclude<BusMessage, { k: 'notification' }>) =>
  'poll' in message ? `poll:${message.poll}` : `post:${message.post}`;

function addTo<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  const set = map.get(key) ?? new Set();
  set.add(stream);
  map.set(key, set);
}

function removeFrom<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  const set = map.get(key);
  set?.delete(stream);
  if (set && !set.size) map.delete(key);
}

/** The audience of one resuming stream. */
function oneStream(stream: LiveStream): Audience {
  const watches = (kind: WatchKind, id: string) => stream.watch?.kind === kind && stream.watch.id === id;
  return {
    ofUser: (userId) => (stream.owner.userId === userId ? [stream] : []),
    watching: (kind, id) => (watches(kind, id) ? [stream] : []),
    roomWatchers: () => (stream.watch?.kind === 'room' ? [stream] : []),
  };
}
