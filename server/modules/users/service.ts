/** Accounts as rows: look-ups by address hash or username, and the owner's own UserInfo. */
import { eq, sql } from 'drizzle-orm';
import type { UserInfo } from '../../../src/domain/entities.ts';
import { AUTH } from '../../../src/domain/messages.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedOne } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';
import { normalizeEmail, safeEqual } from '../../infra/crypto.ts';
import { httpError } from '../../infra/errors.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { isModerator } from '../safety/moderators.ts';

export type UserRow = typeof users.$inferSelect;

/** An account by its id: every signed-in app open reads its own. */
const userRead = preparedOne('user_by_id', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id'))),
);

export class UserService {
  constructor(private readonly ctx: AppContext) {}

  async byId(id: string, tx: Executor = this.ctx.db): Promise<UserRow | null> {
    const [row] = await userRead(tx).execute({ id });
    return row ?? null;
  }

  async byEmail(email: string, tx: Executor = this.ctx.db): Promise<UserRow | null> {
    const [row] = await tx
      .select()
      .from(users)
      .where(eq(users.emailHash, this.ctx.crypto.emailHash(email)));
    return row ?? null;
  }

  async byUsername(username: string, tx: Executor = this.ctx.db): Promise<UserRow | null> {
    const [row] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
    return row ?? null;
  }

  /** The signed-in user's own profile, only when `email` is their address (its hash matches). */
  async ownInfo(userId: string, email: string): Promise<UserInfo> {
    const user = await this.byId(userId);
    if (!user) throw httpError(401, AUTH.notSignedIn);
    if (!safeEqual(this.ctx.crypto.emailHash(email), user.emailHash)) throw httpError(403, AUTH.forbidden);
    return this.info(user, email, this.ctx.db);
  }

  /** The session user's own profile, with the address their session cookie opens. */
  async sessionInfo(session: SessionUser, tx: Executor = this.ctx.db): Promise<UserInfo> {
    const user = await this.byId(session.userId, tx);
    const email = this.sessionEmail(session);
    if (!user || !email) throw httpError(401, AUTH.notSignedIn);
    return this.info(user, email, tx);
  }

  /** The address sealed in the session row, opened with the cookie's token (only the owner has it). */
  sessionEmail(session: SessionUser): string | null {
    return this.ctx.crypto.openWithToken(session.token, session.emailSealed);
  }

  private async info(user: UserRow, email: string, tx: Executor): Promise<UserInfo> {
    return {
      userID: user.id,
      username: user.username,
      email: normalizeEmail(email),
      dp: user.dp,
      bgImg: user.bgImg,
      leetcode: user.leetcodeSealed ? this.ctx.crypto.openField(user.leetcodeSealed) : null,
      codeforces: user.codeforces,
      about: user.bio,
      showLC: user.showLc,
      showCf: user.showCf,
      createdAt: user.createdAt.toISOString(),
      moderator: await isModerator(user.id, this.ctx.config.safety.moderators, tx),
    };
  }
}
