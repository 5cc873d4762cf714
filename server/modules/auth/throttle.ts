/**
 * Sign-in throttling over a sliding window (SIGNIN_RULES): failures are rows keyed by a keyed hash
 * of the account or of the client address, so the real user waits at most one window.
 */
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
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

  async isBlocked(subject: string, maxFailures: number): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(signinFailures)
      .where(
        and(
          eq(signinFailures.subject, subject),
          gt(signinFailures.createdAt, after(this.ctx.now(), -SIGNIN_RULES.windowMs)),
        ),
      );
    return (row?.n ?? 0) >= maxFailures;
  }

  async recordFailure(subjects: string[]): Promise<void> {
    const now = this.ctx.now();
    await this.ctx.db
      .delete(signinFailures)
      .where(lt(signinFailures.createdAt, after(now, -SIGNIN_RULES.windowMs)));
    await this.ctx.db.insert(signinFailures).values(subjects.map((subject) => ({ subject, createdAt: now })));
  }

  async clear(subjects: string[]): Promise<void> {
    await this.ctx.db.delete(signinFailures).where(inArray(signinFailures.subject, subjects));
  }
}
