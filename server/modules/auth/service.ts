/** The account rules of docs/api.md: sign-up, OTP verification and resend, sign-in, password reset. */
import { eq, or, sql } from 'drizzle-orm';
import { SIGNIN_RULES } from '../../../src/domain/constants.ts';
import { AUTH } from '../../../src/domain/messages.ts';
import type {
  ResendOtpBody,
  ResetPassBody,
  SigninBody,
  SignupBody,
  UpdatePassBody,
  VarifyOtpBody,
} from '../../../src/domain/validation.ts';
import type { AppContext } from '../../context.ts';
import { type OtpPurpose, users } from '../../db/schema.ts';
import { normalizeEmail } from '../../infra/crypto.ts';
import { httpError, isUniqueViolation } from '../../infra/errors.ts';
import { removedError } from '../safety/itemPage.ts';
import type { UserRow, UserService } from '../users/service.ts';
import type { OtpService } from './otp.ts';
import type { SessionService } from './sessions.ts';
import type { SigninThrottle } from './throttle.ts';

export interface AuthDeps {
  users: UserService;
  otps: OtpService;
  sessions: SessionService;
  throttle: SigninThrottle;
}

export interface Verified {
  purpose: OtpPurpose;
  email: string;
  userID: string;
  sessionToken?: string;
  grantToken?: string;
}

/** The answer of every request that mailed a code. */
const otpSent = (userID: string, email: string) => ({
  msg: AUTH.otpSent,
  userID,
  email: normalizeEmail(email),
});

export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: AuthDeps,
  ) {}

  async signup({ username, email, password }: SignupBody) {
    const { crypto, db } = this.ctx;
    const emailHash = crypto.emailHash(email);
    const passwordHash = await crypto.hashPassword(password);
    const emailSealed = await crypto.sealWithPassword(password, email);
    const { user, otp } = await db
      .transaction(async (tx) => {
        const holders = await tx
          .select({ id: users.id, emailHash: users.emailHash, verifiedAt: users.verifiedAt })
          .from(users)
          .where(
            or(eq(users.emailHash, emailHash), eq(sql`lower(${users.username})`, username.toLowerCase())),
          )
          .for('update');
        if (holders.some((holder) => holder.verifiedAt)) throw httpError(400, AUTH.userExists);
        const sameAddress = holders.find((holder) => holder.emailHash === emailHash);
        const nameHolder = holders.find((holder) => holder.id !== sameAddress?.id);
        // An unverified account never proved its address, so it gives way: this is also how
        // 'Change email' on the OTP step resubmits the same username with a corrected address.
        if (nameHolder) await tx.delete(users).where(eq(users.id, nameHolder.id));
        const fields = { username, passwordHash, emailSealed, createdAt: this.ctx.now() };
        const [row] = sameAddress
          ? await tx.update(users).set(fields).where(eq(users.id, sameAddress.id)).returning()
          : await tx
              .insert(users)
              .values({ ...fields, emailHash })
              .returning();
        if (!row) throw new Error('the account row was not written');
        const issued = await this.deps.otps.issue(row.id, 'signup', false, tx);
        if (!issued) throw httpError(425, AUTH.otpThrottled);
        return { user: row, otp: issued };
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? httpError(400, AUTH.userExists) : error;
      });
    await this.mail(user, email, 'signup', otp, AUTH.signupServerError);
    return otpSent(user.id, email);
  }

  async verifyOtp({ userID, email, otp }: VarifyOtpBody): Promise<Verified> {
    const user = await this.account(email, userID, AUTH.unknownUser);
    const purpose = await this.deps.otps.verify(user.id, otp);
    const result: Verified = { purpose, email: normalizeEmail(email), userID: user.id };
    await this.ctx.db.transaction(async (tx) => {
      if (!user.verifiedAt)
        await tx.update(users).set({ verifiedAt: this.ctx.now() }).where(eq(users.id, user.id));
      if (purpose === 'signup') result.sessionToken = await this.deps.sessions.create(user.id, email, tx);
      if (purpose === 'reset') result.grantToken = await this.deps.sessions.createGrant(user.id, email, tx);
    });
    return result;
  }

  async resendOtp({ userID, email }: ResendOtpBody) {
    const user = await this.account(email, userID, AUTH.unknownUser);
    const latest = await this.deps.otps.latest(user.id);
    let purpose: OtpPurpose = latest?.purpose ?? 'signup';
    if (user.verifiedAt && purpose !== 'reset') purpose = 'verify';
    await this.issueAndMail(user, email, purpose, AUTH.resetSendError);
    return otpSent(user.id, email);
  }

  async resetPass({ email }: ResetPassBody) {
    const user = await this.account(email, undefined, AUTH.resetUnknownUser);
    await this.issueAndMail(user, email, 'reset', AUTH.resetSendError);
    return otpSent(user.id, email);
  }

  /**
   * Each attempt takes its failure slots (address, then account) before the password is checked and
   * gives them back only when the password was right, so parallel guesses cannot pass the rules.
   */
  async signin(body: SigninBody, ip: string) {
    const { throttle } = this.deps;
    const addressSlot = await throttle.reserve(
      throttle.addressSubject(ip),
      SIGNIN_RULES.maxFailuresPerAddress,
    );
    if (!addressSlot) throw httpError(425, AUTH.signinThrottled);
    const user =
      'email' in body
        ? await this.deps.users.byEmail(body.email)
        : await this.deps.users.byUsername(body.username);
    if (!user) throw httpError(404, AUTH.unknownUser);
    const account = throttle.accountSubject(user.id);
    const accountSlot = await throttle.reserve(account, SIGNIN_RULES.maxFailuresPerAccount);
    if (!accountSlot) {
      await throttle.release([addressSlot]);
      throw httpError(425, AUTH.signinThrottled);
    }
    if (!(await this.ctx.crypto.verifyPassword(user.passwordHash, body.password))) {
      throw httpError(401, AUTH.invalidCredentials);
    }
    await throttle.release([addressSlot, accountSlot]);
    if (user.moderation === 'removed') {
      throw httpError(403, (await removedError('user', user.id, this.ctx.db)).message);
    }
    const email =
      'email' in body ? body.email : await this.ctx.crypto.openWithPassword(body.password, user.emailSealed);
    if (!email) throw new Error('the sealed address does not open with the verified password');
    if (!user.verifiedAt) {
      await this.mailQuietly(user, email, 'verify');
      throw httpError(403, AUTH.accountNotVerified);
    }
    await throttle.clear([account]);
    const sessionToken = await this.deps.sessions.create(user.id, email);
    return { msg: AUTH.loggedIn, email: normalizeEmail(email), sessionToken };
  }

  async updatePass({ userID, password }: UpdatePassBody, grantToken: string | undefined) {
    const { crypto, db } = this.ctx;
    const email = grantToken ? await this.deps.sessions.grantEmail(grantToken, userID) : null;
    if (!grantToken || !email) throw httpError(403, AUTH.resetExpired);
    const passwordHash = await crypto.hashPassword(password);
    const emailSealed = await crypto.sealWithPassword(password, email);
    const sessionToken = await db.transaction(async (tx) => {
      if (!(await this.deps.sessions.consumeGrant(grantToken, tx))) throw httpError(403, AUTH.resetExpired);
      await tx.update(users).set({ passwordHash, emailSealed }).where(eq(users.id, userID));
      await this.deps.sessions.revokeAll(userID, tx);
      return this.deps.sessions.create(userID, email, tx);
    });
    await this.deps.throttle.clear([this.deps.throttle.accountSubject(userID)]);
    return { msg: AUTH.passwordUpdated, email: normalizeEmail(email), sessionToken };
  }

  private async account(email: string, userID: string | undefined, unknown: string): Promise<UserRow> {
    const user = await this.deps.users.byEmail(email);
    if (!user || (userID && userID !== user.id)) throw httpError(404, unknown);
    return user;
  }

  private async issueAndMail(user: UserRow, email: string, purpose: OtpPurpose, failure: string) {
    const otp = await this.deps.otps.issue(user.id, purpose, true);
    if (!otp) throw httpError(425, AUTH.otpThrottled);
    await this.mail(user, email, purpose, otp, failure);
  }

  /** The verify mail of an unverified sign-in: skipped when throttled, a failure only logged. */
  private async mailQuietly(user: UserRow, email: string, purpose: OtpPurpose) {
    const otp = await this.deps.otps.issue(user.id, purpose, true);
    if (otp) await this.mail(user, email, purpose, otp, '').catch(() => undefined);
  }

  /** Sends the code; on failure the code is discarded so it never works without its mail. */
  private async mail(
    user: UserRow,
    to: string,
    purpose: OtpPurpose,
    otp: { id: string; code: string },
    failure: string,
  ) {
    try {
      await this.ctx.mailer.sendOtp({ to, username: user.username, code: otp.code, purpose });
    } catch (error) {
      await this.deps.otps.discard(otp.id);
      // The mail server's message may quote the address: log only the kind of failure.
      const { name, code } = error as { name?: string; code?: string };
      this.ctx.log.error({ err: { type: name, code } }, 'could not send the OTP mail');
      throw httpError(500, failure);
    }
  }
}
