/**
 * Sign-in throttling over a sliding window (SIGNIN_RULES): failures are rows keyed by a keyed hash
 * of the account or of the client address, so the real user waits at most one window.
 *
 * An attempt takes its failure row before the password is checked (`reserve`), in one transaction
 * holding an advisory lock on the subject, and gives it back when the password was right. So N
 * parallel guesses, on one process or many, get exactly the rule's number of checks.
 */
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { SIGNIN_RULES } from '../../../src/domain/constants.ts';
import { type AppContext, after } from '../../context.ts';
import { signinFailures } from '../../db/schema.ts';

export class SigninThrottle {
  constructor(private readonly ctx: AppContext) {}

  accountSubject(userId: string): string {
    return this.ctx.crypto.subjectHash(`user:${userId}`);
  }

  addressSubject(ip: string): string {
    return this.ctx.crypto.subjectHash(`ip:${ip}`);
  }

  /** Records an attempt as a failure unless the subject already has `maxFailures`: its row id, or null. */
  reserve(subject: string, maxFailures: number): Promise<string | null> {
    const now = this.ctx.now();
    const windowStart = after(now, -SIGNIN_RULES.windowMs);
    return this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${subject}, 0))`);
      await tx.delete(signinFailures).where(lt(signinFailures.createdAt, windowStart));
      const [row] = await tx
        .select({ n: count() })
        .from(signinFailures)
        .where(and(eq(signinFailures.subject, subject), gt(signinFailures.createdAt, windowStart)));
      if ((row?.n ?? 0) >= maxFailures) return null;
      const [taken] = await tx
        .insert(signinFailures)
        .values({ subject, createdAt: now })
        .returning({ id: signinFailures.id });
      return taken?.id ?? null;
    });
  }

  /** Gives reserved attempts back (the password was right, or the attempt was refused before a check). */
  async release(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.ctx.db.delete(signinFailures).where(inArray(signinFailures.id, ids));
  }

  /** Forgets every failure of the subjects (a successful sign-in or a password reset). */
  async clear(subjects: string[]): Promise<void> {
    await this.ctx.db.delete(signinFailures).where(inArray(signinFailures.subject, subjects));
  }
}
