/**
 * Polls: 2 to 7 options, one vote per user per poll (a vote for another option moves it), author-only
 * deletion. Option counters move in the vote's transaction while the poll row is locked, so totals
 * stay exact; every read is one query (options aggregated as JSON, the viewer's choice joined in).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Poll } from '../../../src/domain/entities.ts';
import { POLLS, POSTS, ROOMS } from '../../../src/domain/messages.ts';
import type { RoomPollBody } from '../../../src/domain/roomValidation.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import { preparedOne, type Values } from '../../db/prepared.ts';
import { pollOptions, polls, pollVotes } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { publish } from '../live/bus.ts';
import {
  assertCanRead,
  canRead,
  guardRead,
  guardWrite,
  roomAccessById,
  roomAccessByRef,
  writableRoom,
} from '../rooms/access.ts';
import { guardItemPage, isUnderReview } from '../safety/reviews.ts';
import { viewerOf } from '../safety/visibility.ts';
import { checkWriteLimit } from '../safety/writeLimit.ts';
import { newestPolls, type PollList, readPoll, toPoll } from './read.ts';

const roomOfPoll = preparedOne('poll_room', (db) =>
  db
    .select({ room: polls.subCommunity })
    .from(polls)
    .where(eq(polls.id, sql.placeholder('id'))),
);

export class PollService {
  constructor(private readonly ctx: AppContext) {}

  /** A feed's page (`values`: its placeholders'): what the viewer may see of it, newest first. */
  private newest(list: PollList, values: Values, page: Page, viewerId: string | null, tx: Executor) {
    return newestPolls(list, values, page, viewerOf(this.ctx.config, viewerId), tx);
  }

  /** The polls of a room (its id or title), newest first: 403 for a private room not joined, 404 for no room. */
  async inRoom(
    ref: string,
    page: Page,
    viewerId: string | null,
    tx: Executor = this.ctx.db,
  ): Promise<Poll[]> {
    const room = await roomAccessByRef(ref, viewerId, tx);
    assertCanRead(room);
    return this.newest('room', { room: room.id }, page, viewerId, tx);
  }

  /** Home feed: topic polls, newest first (room polls stay in their rooms). */
  home(page: Page, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Poll[]> {
    return this.newest('home', {}, page, viewerId, tx);
  }

  byTopic(topic: string, page: Page, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Poll[]> {
    return this.newest('topic', { topic }, page, viewerId, tx);
  }

  async one(id: string, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Poll> {
    const viewer = viewerOf(this.ctx.config, viewerId);
    const row = await readPoll(id, viewer, tx);
    if (!row) throw httpError(404, POLLS.notFound);
    const room = row.p.subCommunity;
    await guardItemPage(
      'poll',
      { ...row.p, room },
      viewer,
      { guardRoom: () => guardRead(room, viewerId, tx), notFound: POLLS.notFound, now: this.ctx.now() },
      tx,
    );
    return toPoll(row, viewer);
  }

  /**
   * Whether the viewer may see the poll: false for a private room the viewer has not joined, unless
   * they moderate and members reported the poll (safety/visibility.ts `underReview`).
   */
  async canView(id: string, viewerId: string | null, tx: Executor = this.ctx.db): Promise<boolean> {
    const [row] = await roomOfPoll(tx).execute({ id });
    if (!row) throw httpError(404, POLLS.notFound);
    if (row.room === null || canRead(await roomAccessById(row.room, viewerId, tx))) return true;
    return isUnderReview('poll', id, row.room, viewerOf(this.ctx.config, viewerId), tx);
  }

  /** A room poll names its room by id or title (`subCommunity`) and is stored with the room's id. */
  async create(userId: string, input: RoomPollBody): Promise<Poll> {
    return this.ctx.db.transaction(async (tx) => {
      await checkWriteLimit(this.ctx, tx, userId, 'polls');
      const room = await writableRoom(input.subCommunity, userId, ROOMS.firstJoinPoll, tx);
      const [poll] = await tx
        .insert(polls)
        .values({
          userId,
          title: input.title,
          topic: room ? null : input.topic,
          subCommunity: room,
          createdAt: this.ctx.now(),
        })
        .returning({ id: polls.id });
      if (!poll) throw new Error('poll insert returned no row');
      await tx
        .insert(pollOptions)
        .values(input.options.map((text, position) => ({ pollId: poll.id, position, text })));
      return this.one(poll.id, userId, tx);
    });
  }

  /** Casts or moves the user's one vote on the option's poll. */
  async vote(
    userId: string,
    optionId: string,
  ): Promise<{ vote: { optionId: string; pollId: string }; poll: Poll }> {
    return this.ctx.db.transaction(async (tx) => {
      const [option] = await tx
        .select({ pollId: pollOptions.pollId })
        .from(pollOptions)
        .where(eq(pollOptions.id, optionId));
      if (!option) throw httpError(404, POLLS.notFound);
      const { pollId } = option;
      const [poll] = await tx
        .select({ room: polls.subCommunity })
        .from(polls)
        .where(eq(polls.id, pollId))
        .for('no key update');
      if (!poll) throw httpError(404, POLLS.notFound);
      await guardWrite(poll.room, userId, ROOMS.firstJoinPoll, tx);
      const [previous] = await tx
        .select({ optionId: pollVotes.optionId })
        .from(pollVotes)
        .where(and(eq(pollVotes.userId, userId), eq(pollVotes.pollId, pollId)));
      if (previous?.optionId !== optionId) {
        await tx
          .insert(pollVotes)
          .values({ userId, pollId, optionId, createdAt: this.ctx.now() })
          .onConflictDoUpdate({ target: [pollVotes.userId, pollVotes.pollId], set: { optionId } });
        await this.move(optionId, 1, tx);
        if (previous) await this.move(previous.optionId, -1, tx);
        await publish(tx, { k: 'poll', poll: pollId });
      }
      return { vote: { optionId, pollId }, poll: await this.one(pollId, userId, tx) };
    });
  }

  private async move(optionId: string, delta: number, tx: Executor): Promise<void> {
    await tx
      .update(pollOptions)
      .set({ votes: sql`${pollOptions.votes} + ${delta}` })
      .where(eq(pollOptions.id, optionId));
  }

  /** Author only; options and votes go by cascade. */
  async delete(userId: string, id: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const [poll] = await tx
        .select({ userId: polls.userId })
        .from(polls)
        .where(eq(polls.id, id))
        .for('update');
      if (!poll) throw httpError(404, POLLS.notFound);
      if (poll.userId !== userId) throw httpError(403, POSTS.notAuthor);
      await tx.delete(polls).where(eq(polls.id, id));
    });
  }
}
