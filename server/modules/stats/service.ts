/**
 * Linked coding profiles. LeetCode: the handle is checked against LeetCode, then kept sealed under
 * the server secret with a keyed hash beside it, so `search/getLCdata/` serves stats only for a
 * handle someone linked and shows (or the caller's own), never as an open proxy. Codeforces: only
 * the handle's maxRank is kept.
 */
import { and, eq, or } from 'drizzle-orm';
import type { UserInfo } from '../../../src/domain/entities.ts';
import { STATS } from '../../../src/domain/peopleMessages.ts';
import type { LcStats } from '../../../src/domain/profileSchemas.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { UserService } from '../users/service.ts';
import type { CodeforcesClient } from './codeforces.ts';
import type { LeetCodeClient } from './leetcode.ts';

export class CodingStatsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { users: UserService; leetcode: LeetCodeClient; codeforces: CodeforcesClient },
  ) {}

  private handleHash(handle: string): string {
    return this.ctx.crypto.subjectHash(`leetcode:${handle.toLowerCase()}`);
  }

  /** Links a LeetCode handle that LeetCode knows (404 'Invalid username' otherwise). */
  async linkLeetCode(session: SessionUser, handle: string): Promise<{ leetcode: string; user: UserInfo }> {
    const found = await this.deps.leetcode.lookup(handle);
    if (!found) throw httpError(404, STATS.invalidUsername);
    await this.ctx.db
      .update(users)
      .set({
        leetcodeSealed: this.ctx.crypto.sealField(found.handle),
        leetcodeHash: this.handleHash(found.handle),
      })
      .where(eq(users.id, session.userId));
    return { leetcode: found.handle, user: await this.deps.users.sessionInfo(session) };
  }

  /** Stores the maxRank of a Codeforces handle that Codeforces knows (404 'Invalid username' otherwise). */
  async linkCodeforces(
    session: SessionUser,
    handle: string,
  ): Promise<{ codeforces: string; user: UserInfo }> {
    const rank = await this.deps.codeforces.maxRank(handle);
    if (!rank) throw httpError(404, STATS.invalidUsername);
    await this.ctx.db.update(users).set({ codeforces: rank }).where(eq(users.id, session.userId));
    return { codeforces: rank, user: await this.deps.users.sessionInfo(session) };
  }

  /** The stats of a handle a user linked and shows on their profile, or the viewer's own. */
  async leetCodeStats(handle: string, viewerId: string | null): Promise<LcStats> {
    const visible = viewerId ? or(eq(users.showLc, true), eq(users.id, viewerId)) : eq(users.showLc, true);
    const [linked] = await this.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.leetcodeHash, this.handleHash(handle)), visible))
      .limit(1);
    if (!linked) throw httpError(404, STATS.userNotFound);
    const found = await this.deps.leetcode.lookup(handle);
    if (!found) throw httpError(404, STATS.userNotFound);
    return found.stats;
  }
}
