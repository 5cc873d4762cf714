/**
 * Blocks (docs/moderation.md): the blocker no longer sees the blocked person's posts, polls and
 * comments, nor their notices and join requests (the visibility rule reads the blocks table).
 * Blocking twice is blocking once.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { PROFILE } from '../../../src/domain/peopleMessages.ts';
import { SAFETY } from '../../../src/domain/safety.ts';
import type { AppContext } from '../../context.ts';
import { blocks, users } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';

export class BlockService {
  constructor(private readonly ctx: AppContext) {}

  /** Blocks the person; answers their username as stored. */
  async block(blockerId: string, username: string): Promise<string> {
    const person = await this.person(username);
    if (person.id === blockerId) throw httpError(400, SAFETY.blockSelf);
    await this.ctx.db
      .insert(blocks)
      .values({ blockerId, blockedId: person.id, createdAt: this.ctx.now() })
      .onConflictDoNothing();
    return person.username;
  }

  async unblock(blockerId: string, username: string): Promise<string> {
    const person = await this.person(username);
    await this.ctx.db
      .delete(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, person.id)));
    return person.username;
  }

  /** The people the user blocked, newest block first. */
  blocked(blockerId: string): Promise<{ username: string; dp: string | null }[]> {
    return this.ctx.db
      .select({ username: users.username, dp: users.dp })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, blockerId))
      .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
  }

  private async person(username: string) {
    const [row] = await this.ctx.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(isNotNull(users.verifiedAt), sql`lower(${users.username}) = lower(${username.trim()})`));
    if (!row) throw httpError(404, PROFILE.userNotFound);
    return row;
  }
}
