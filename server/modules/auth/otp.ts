/**
 * One-time codes: 6 digits, stored as an HMAC, expiring after 10 minutes, burned after 5 wrong
 * tries, sent at most every 60 s and 5 times an hour, guessed at most 15 times an hour. A new code
 * invalidates the older ones. Every rule reads the rows, so it holds across server processes.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { LIMITS, OTP_RULES } from '../../../src/domain/constants.ts';
import { AUTH } from '../../../src/domain/messages.ts';
import { type AppContext, after } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { type OtpPurpose, otpAttempts, otps, users } from '../../db/schema.ts';
import { safeEqual } from '../../infra/crypto.ts';
import { httpError } from '../../infra/errors.ts';

const HOUR = 60 * 60_000;
/** Spent codes are kept a day for the hourly caps, then pruned. */
const KEEP_MS = 24 * HOUR;

export interface IssuedOtp {
  id: string;
  code: string;
}

export class OtpService {
  constructor(private readonly ctx: AppContext) {}

  /** The user's newest code, spent or not. */
  async latest(userId: string, tx: Executor = this.ctx.db) {
    const [row] = await tx
      .select()
      .from(otps)
      .where(eq(otps.userId, userId))
      .orderBy(desc(otps.createdAt))
      .limit(1);
    return row ?? null;
  }

  isActive(otp: { consumedAt: Date | null; expiresAt: Date; wrongTries: number }): boolean {
    return !otp.consumedAt && otp.expiresAt > this.ctx.now() && otp.wrongTries < OTP_RULES.maxWrongTries;
  }

  /**
   * Issues a new code unless the send caps forbid it (then null). `gap` also enforces the 60 s
   * between a send and the previous code still unused. The user row is locked so concurrent requests cannot both pass the caps.
   */
  async issue(userId: string, purpose: OtpPurpose, gap: boolean, tx?: Executor): Promise<IssuedOtp | null> {
    if (!tx) return this.ctx.db.transaction((inner) => this.issue(userId, purpose, gap, inner));
    const now = this.ctx.now();
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [recent] = await tx
      .select({
        sent: count(),
        // a code already used does not hold back the next one (a reset right after sign-up)
        newest: sql<Date | string | null>`max(${otps.createdAt}) filter (where ${otps.consumedAt} is null)`,
      })
      .from(otps)
      .where(and(eq(otps.userId, userId), gt(otps.createdAt, after(now, -HOUR))));
    const sent = recent?.sent ?? 0;
    const newest = recent?.newest ? new Date(recent.newest) : null;
    if (sent >= OTP_RULES.maxSendsPerHour) return null;
    if (gap && newest && now.getTime() - newest.getTime() < OTP_RULES.resendGapMs) return null;

    await tx
      .update(otps)
      .set({ consumedAt: now })
      .where(and(eq(otps.userId, userId), isNull(otps.consumedAt)));
    await tx.delete(otps).where(and(eq(otps.userId, userId), lt(otps.createdAt, after(now, -KEEP_MS))));
    const id = randomUUID();
    const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
    await tx.insert(otps).values({
      id,
      userId,
      purpose,
      codeHash: this.ctx.crypto.otpHash(id, code),
      createdAt: now,
      expiresAt: after(now, OTP_RULES.ttlMs),
    });
    return { id, code };
  }

  /** Removes a code whose mail could not be sent, so it never counts nor works. */
  async discard(id: string): Promise<void> {
    await this.ctx.db.delete(otps).where(eq(otps.id, id));
  }

  /**
   * Checks a code and consumes it. Throws 425 past the hourly guess cap, 403 when no code is live,
   * 401 for a wrong code (the fifth wrong one burns it). The user's row is locked for the whole check,
   * so parallel guesses are counted one after another: exactly the rules' number get checked. The
   * refusals are thrown after the commit, so the tries they counted are kept.
   */
  async verify(userId: string, code: string): Promise<OtpPurpose> {
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.now();
      const hourAgo = after(now, -HOUR);
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [tries] = await tx
        .select({ n: count() })
        .from(otpAttempts)
        .where(and(eq(otpAttempts.userId, userId), gt(otpAttempts.createdAt, hourAgo)));
      if ((tries?.n ?? 0) >= OTP_RULES.maxVerifyTriesPerHour) return refusal(425, AUTH.resetThrottled);
      await tx
        .delete(otpAttempts)
        .where(and(eq(otpAttempts.userId, userId), lt(otpAttempts.createdAt, hourAgo)));
      await tx.insert(otpAttempts).values({ userId, createdAt: now });

      const otp = await this.latest(userId, tx);
      if (!otp || !this.isActive(otp)) return refusal(403, AUTH.otpExpired);
      if (!safeEqual(this.ctx.crypto.otpHash(otp.id, code), otp.codeHash)) {
        const wrongTries = otp.wrongTries + 1;
        const burned = wrongTries >= OTP_RULES.maxWrongTries;
        await tx
          .update(otps)
          .set({ wrongTries, ...(burned ? { consumedAt: now } : {}) })
          .where(eq(otps.id, otp.id));
        return refusal(401, AUTH.invalidOtp);
      }
      await tx.update(otps).set({ consumedAt: now }).where(eq(otps.id, otp.id));
      return { purpose: otp.purpose };
    });
    if ('status' in outcome) throw httpError(outcome.status, outcome.msg);
    return outcome.purpose;
  }
}

const refusal = (status: number, msg: string) => ({ status, msg });
