/**
 * The owner's settings: username, password, bio, the visibility toggles, avatar and banner. Every
 * change answers the owner's UserInfo as it now is.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { SIGNIN_RULES } from '../../../src/domain/constants.ts';
import type { UserInfo } from '../../../src/domain/entities.ts';
import { AUTH } from '../../../src/domain/messages.ts';
import { SETTINGS } from '../../../src/domain/peopleMessages.ts';
import type { CommentSort } from '../../../src/domain/sorting.ts';
import type { UpdateBody } from '../../../src/domain/userValidation.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { httpError, isUniqueViolation } from '../../infra/errors.ts';
import { storeUpload } from '../../infra/imageStore.ts';
import { publicUrl } from '../../infra/storage.ts';
import type { SessionService, SessionUser } from '../auth/sessions.ts';
import type { SigninThrottle } from '../auth/throttle.ts';
import { removeUpload, removeUploadUrl } from '../rooms/files.ts';
import type { UserService } from './service.ts';

export type UserImageField = 'dp' | 'bgImg';
type UserChanges = Partial<typeof users.$inferInsert>;

export class SettingsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly throttle: SigninThrottle,
  ) {}

  /**
   * Any subset of username (signup's rules, unique in any letter case), password (re-seals the
   * address under it and signs out the user's other sessions), bio (or clearBio) and showCF, in one
   * transaction. A new password is taken only with the current one (`confirmPassword`), checked
   * before anything changes.
   */
  async update(session: SessionUser, body: UpdateBody, ip: string): Promise<UserInfo> {
    const changes: UserChanges = {};
    if (body.bio !== undefined) changes.bio = body.bio;
    if (body.clearBio === true) changes.bio = null;
    if (body.showCF !== undefined) changes.showCf = body.showCF;
    if (body.password !== undefined) {
      // the schema refuses a new password without the current one (400) before this runs
      await this.confirmPassword(session.userId, body.currentPassword ?? '', ip);
      const email = this.users.sessionEmail(session);
      if (!email) throw httpError(401, AUTH.notSignedIn);
      changes.passwordHash = await this.ctx.crypto.hashPassword(body.password);
      changes.emailSealed = await this.ctx.crypto.sealWithPassword(body.password, email);
    }
    const { username } = body;
    try {
      return await this.ctx.db.transaction(async (tx) => {
        if (username !== undefined) {
          await this.claimUsername(session.userId, username, tx);
          changes.username = username;
        }
        await tx.update(users).set(changes).where(eq(users.id, session.userId));
        if (body.password !== undefined) {
          await this.sessions.revokeAll(session.userId, tx, session.sessionId);
        }
        return this.users.sessionInfo(session, tx);
      });
    } catch (error) {
      if (username !== undefined && isUniqueViolation(error)) {
        throw httpError(409, SETTINGS.usernameTaken(username));
      }
      throw error;
    }
  }

  /**
   * The current password, checked as a sign-in checks it and counted with sign-in's failures
   * (auth/throttle.ts): the address's and the account's slots are taken before the check and given
   * back only when it was right, so a wrong one answers 403 and a guesser at an unlocked computer
   * meets the same 425 after SIGNIN_RULES' failures as at the sign-in form, across both.
   */
  private async confirmPassword(userId: string, password: string, ip: string): Promise<void> {
    const { throttle } = this;
    const addressSlot = await throttle.reserve(
      throttle.addressSubject(ip),
      SIGNIN_RULES.maxFailuresPerAddress,
    );
    if (!addressSlot) throw httpError(425, AUTH.signinThrottled);
    const accountSlot = await throttle.reserve(
      throttle.accountSubject(userId),
      SIGNIN_RULES.maxFailuresPerAccount,
    );
    if (!accountSlot) {
      await throttle.release([addressSlot]);
      throw httpError(425, AUTH.signinThrottled);
    }
    const user = await this.users.byId(userId);
    if (!user) {
      await throttle.release([addressSlot, accountSlot]);
      throw httpError(401, AUTH.notSignedIn);
    }
    if (!(await this.ctx.crypto.verifyPassword(user.passwordHash, password))) {
      throw httpError(403, SETTINGS.currentPasswordWrong);
    }
    await throttle.release([addressSlot, accountSlot]);
  }

  /**
   * A verified account holding the name (any letter case) keeps it: 409. An unverified one gives it
   * up, as on sign-up (docs/api.md): it never proved its address.
   */
  private async claimUsername(userId: string, username: string, tx: Tx): Promise<void> {
    const holders = await tx
      .select({ id: users.id, verifiedAt: users.verifiedAt })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), ne(users.id, userId)))
      .for('update');
    for (const holder of holders) {
      if (holder.verifiedAt) throw httpError(409, SETTINGS.usernameTaken(username));
      await tx.delete(users).where(eq(users.id, holder.id));
    }
  }

  async setLcVisibility(session: SessionUser, showLC: boolean): Promise<UserInfo> {
    await this.ctx.db.update(users).set({ showLc: showLC }).where(eq(users.id, session.userId));
    return this.users.sessionInfo(session);
  }

  /** The comment order the student keeps (src/domain/sorting.ts). */
  async setCommentSort(session: SessionUser, sort: CommentSort): Promise<UserInfo> {
    await this.ctx.db.update(users).set({ commentSort: sort }).where(eq(users.id, session.userId));
    return this.users.sessionInfo(session);
  }

  /** A new avatar or banner, re-encoded like post images; the old file goes once the row points away. */
  async setImage(session: SessionUser, field: UserImageField, image: Buffer): Promise<UserInfo> {
    const key = await storeUpload(this.ctx.storage, 'users', image, field === 'dp' ? 'picture' : 'banner');
    try {
      const old = await this.ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ url: users[field] })
          .from(users)
          .where(eq(users.id, session.userId))
          .for('update');
        await tx
          .update(users)
          .set({ [field]: publicUrl(key) })
          .where(eq(users.id, session.userId));
        return row?.url ?? null;
      });
      await removeUploadUrl(this.ctx, old);
    } catch (error) {
      await removeUpload(this.ctx, key);
      throw error;
    }
    return this.users.sessionInfo(session);
  }
}
