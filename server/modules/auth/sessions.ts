/**
 * Sessions and reset grants: opaque tokens that live only in cookies; the database keeps their
 * SHA-256 and the owner's address sealed under a key derived from the token.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { SESSION_RULES } from '../../../src/domain/constants.ts';
import { type AppContext, after } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { resetGrants, sessions } from '../../db/schema.ts';
import { newToken, sha256Hex } from '../../infra/crypto.ts';

export interface SessionUser {
  userId: string;
  sessionId: string;
  token: string;
  emailSealed: string;
}

export class SessionService {
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

  /** The live session of a token; slides its expiry when it was last written long enough ago. */
  async resolve(token: string): Promise<{ user: SessionUser; touched: boolean } | null> {
    const now = this.ctx.now();
    const id = sha256Hex(token);
    const [row] = await this.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)));
    if (!row) return null;
    const user = { userId: row.userId, sessionId: id, token, emailSealed: row.emailSealed };
    const touched = now.getTime() - row.lastSeenAt.getTime() >= SESSION_RULES.touchEveryMs;
    if (touched) {
      await this.ctx.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: after(now, SESSION_RULES.ttlMs) })
        .where(eq(sessions.id, id));
    }
    return { user, touched };
  }

  email(user: SessionUser): string | null {
    return this.ctx.crypto.openWithToken(user.token, user.emailSealed);
  }

  async revoke(token: string): Promise<void> {
    await this.ctx.db.delete(sessions).where(eq(sessions.id, sha256Hex(token)));
  }

  async revokeAll(userId: string, tx: Executor = this.ctx.db): Promise<void> {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
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
