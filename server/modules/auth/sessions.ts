/**
 * Sessions and reset grants: opaque tokens that live only in cookies; the database keeps their
 * SHA-256 and the owner's address sealed under a key derived from the token.
 */
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { SESSION_RULES } from '../../../src/domain/constants.ts';
import { type AppContext, after } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedOne } from '../../db/prepared.ts';
import { resetGrants, sessions } from '../../db/schema.ts';
import { newToken, sha256Hex } from '../../infra/crypto.ts';
import { type CachedSession, SessionCache } from './sessionCache.ts';

export interface SessionUser {
  userId: string;
  sessionId: string;
  token: string;
  emailSealed: string;
}

const sessionFields = {
  userId: sessions.userId,
  emailSealed: sessions.emailSealed,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
};

/** A live session by its id (the token's hash), at `now`: every request's, unless cached. */
const sessionRead = preparedOne('session_read', (db) =>
  db
    .select(sessionFields)
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')))),
);

/** The session's expiry slid from `now` to `expires`. */
const sessionSlide = preparedOne('session_slide', (db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}`, expiresAt: sql`${sql.placeholder('expires')}` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .returning(sessionFields),
);

export class SessionService {
  private readonly cache = new SessionCache();

  constructor(private readonly ctx: AppContext) {}

  /** Starts a session for a user and returns its cookie token. */
  async create(userId: string, email: string, tx: Executor = this.ctx.db): Promise<string> {
    const token = newToken();
    const now = this.ctx.now();
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
    await tx.insert(sessions).values({
      id: sha256Hex(token),
      userId,
      emailSealed: this.ctx.crypto.sealWithToken(token, email),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: after(now, SESSION_RULES.ttlMs),
    });
    return token;
  }

  /**
   * The live session of a token; slides its expiry when it was last written long enough ago. Read
   * from this process's cache when it resolved the token lately (sessionCache.ts).
   */
  async resolve(token: string): Promise<{ user: SessionUser; touched: boolean } | null> {
    const now = this.ctx.now();
    const id = sha256Hex(token);
    let session = this.cache.get(id) ?? (await this.read(id, now));
    if (!session || session.expiresAt <= now) {
      this.cache.forget(id);
      return null;
    }
    const touched = now.getTime() - session.lastSeenAt.getTime() >= SESSION_RULES.touchEveryMs;
    if (touched) {
      const [slid] = await sessionSlide(this.ctx.db).execute({
        id,
        now: now.toISOString(),
        expires: after(now, SESSION_RULES.ttlMs).toISOString(),
      });
      if (!slid) {
        this.cache.forget(id);
        return null;
      }
      session = slid;
    }
    this.cache.set(id, session);
    const user = { userId: session.userId, sessionId: id, token, emailSealed: session.emailSealed };
    return { user, touched };
  }

  private async read(id: string, now: Date): Promise<CachedSession | null> {
    const [row] = await sessionRead(this.ctx.db).execute({ id, now: now.toISOString() });
    return row ?? null;
  }

  /** A session ended on some process (the `quad_sessions` notice): this one stops honouring it. */
  ended(id: string): void {
    this.cache.forget(id);
  }

  /** Notices may have been missed: every session is read from the database again. */
  forgetAll(): void {
    this.cache.clear();
  }

  email(user: SessionUser): string | null {
    return this.ctx.crypto.openWithToken(user.token, user.emailSealed);
  }

  async revoke(token: string): Promise<void> {
    const id = sha256Hex(token);
    await this.ctx.db.delete(sessions).where(eq(sessions.id, id));
    this.cache.forget(id);
  }

  /** Ends every session of a user, or every one but `keep` (the one changing the password). */
  async revokeAll(userId: string, tx: Executor = this.ctx.db, keep?: string): Promise<void> {
    const others = keep === undefined ? undefined : ne(sessions.id, keep);
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), others));
    this.cache.forgetUser(userId, keep);
  }

  /** A reset grant replaces any older one of the user; returns its cookie token. */
  async createGrant(userId: string, email: string, tx: Executor = this.ctx.db): Promise<string> {
    const token = newToken();
    const now = this.ctx.now();
    await tx.delete(resetGrants).where(eq(resetGrants.userId, userId));
    await tx.insert(resetGrants).values({
      id: sha256Hex(token),
      userId,
      emailSealed: this.ctx.crypto.sealWithToken(token, email),
      createdAt: now,
      expiresAt: after(now, SESSION_RULES.resetGrantTtlMs),
    });
    return token;
  }

  /** The address a live grant was issued for, when the grant belongs to that user. */
  async grantEmail(token: string, userId: string, tx: Executor = this.ctx.db): Promise<string | null> {
    const [grant] = await tx
      .select({ emailSealed: resetGrants.emailSealed })
      .from(resetGrants)
      .where(
        and(
          eq(resetGrants.id, sha256Hex(token)),
          eq(resetGrants.userId, userId),
          gt(resetGrants.expiresAt, this.ctx.now()),
        ),
      );
    return grant ? this.ctx.crypto.openWithToken(token, grant.emailSealed) : null;
  }

  /** Deletes a grant; false when it was already used (a concurrent request won). */
  async consumeGrant(token: string, tx: Executor = this.ctx.db): Promise<boolean> {
    const deleted = await tx
      .delete(resetGrants)
      .where(eq(resetGrants.id, sha256Hex(token)))
      .returning({ id: resetGrants.id });
    return deleted.length > 0;
  }
}
