/**
 * Sessions this process resolved lately, so that a request does not ask the database who sent it.
 * An entry is dropped when its session ends: here at once (logout, password change, removal and
 * deletion call `forget`), and on every process through the `quad_sessions` notice that migration
 * 0011's trigger sends when a session row is deleted (live/bus.ts listens). After a gap in listening
 * everything is dropped. Entries also age out, so a notice lost some other way cannot keep a session
 * alive for long.
 */

export interface CachedSession {
  userId: string;
  emailSealed: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** How long an entry is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Entries kept at most (the oldest go first): a few MB at worst. */
export const SESSION_CACHE_MAX = 20_000;

interface Entry {
  session: CachedSession;
  cachedAt: number;
}

export class SessionCache {
  // A Map iterates in insertion order: the first key is the oldest entry.
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly clock: () => number = () => performance.now()) {}

  get(id: string): CachedSession | null {
    const entry = this.#entries.get(id);
    if (!entry) return null;
    if (this.clock() - entry.cachedAt < SESSION_CACHE_TTL_MS) return entry.session;
    this.#entries.delete(id);
    return null;
  }

  set(id: string, session: CachedSession): void {
    this.#entries.delete(id);
    this.#entries.set(id, { session, cachedAt: this.clock() });
    if (this.#entries.size <= SESSION_CACHE_MAX) return;
    const oldest = this.#entries.keys().next().value;
    if (oldest !== undefined) this.#entries.delete(oldest);
  }

  forget(id: string): void {
    this.#entries.delete(id);
  }

  /** Every session of a user but `keep` (a password change keeps the session that made it). */
  forgetUser(userId: string, keep?: string): void {
    for (const [id, entry] of this.#entries) {
      if (entry.session.userId === userId && id !== keep) this.#entries.delete(id);
    }
  }

  clear(): void {
    this.#entries.clear();
  }
}
