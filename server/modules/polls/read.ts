/**
 * How a poll is read everywhere (feeds, its page, profiles): the row, its author, its options (as JSON,
 * in order), its room label and the viewer's choice, in one query; callers filter, order and page.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Poll, PollOption } from '../../../src/domain/entities.ts';
import type { Executor } from '../../db/client.ts';
import { type Page, pageIds } from '../../db/paging.ts';
import { pollOptions, polls, pollVotes, rooms, users } from '../../db/schema.ts';
import { type RoomRefRead, roomRefColumns, toRoomRef } from '../rooms/ref.ts';
import { type SafetyRead, safetyColumns, toSafetyFlags, type Viewer } from '../safety/visibility.ts';

export interface PollRead extends RoomRefRead {
  p: typeof polls.$inferSelect;
  username: string;
  dp: string | null;
  myOptionId: string | null;
  options: PollOption[];
  safety: SafetyRead;
}

/** A poll's columns as the visibility rule reads them (safety/visibility.ts). */
export const pollItem = {
  id: polls.id,
  userId: polls.userId,
  moderation: polls.moderation,
  room: polls.subCommunity,
};

export const toPoll = (r: PollRead, viewer: Viewer): Poll => ({
  id: r.p.id,
  title: r.p.title,
  topic: r.p.topic,
  subCommunity: r.p.subCommunity,
  room: toRoomRef(r),
  createdAt: r.p.createdAt.toISOString(),
  editedAt: r.p.editedAt?.toISOString() ?? null,
  userId: r.p.userId,
  createdBy: { username: r.username, dp: r.dp },
  options: r.options,
  totalVotes: r.options.reduce((sum, o) => sum + o.votes, 0),
  myOptionId: r.myOptionId,
  ...toSafetyFlags(
    r.safety,
    r.p.userId === viewer.id,
    [r.p.title, ...r.options.map((o) => o.text)].join('\n'),
    viewer.crisisKeywords,
  ),
});

/** Polls with author, options, room label and the viewer's choice. */
export function selectPolls(viewer: Viewer, tx: Executor) {
  const mine = viewer.id ? eq(pollVotes.userId, viewer.id) : sql`false`;
  const options = sql<PollOption[]>`coalesce((
    select json_agg(json_build_object('id', o.id, 'text', o.text, 'votes', o.votes) order by o.position)
    from ${pollOptions} o where o.poll_id = ${polls.id}), '[]'::json)`;
  return tx
    .select({
      p: polls,
      username: users.username,
      dp: users.dp,
      myOptionId: pollVotes.optionId,
      options,
      safety: safetyColumns('poll', pollItem, viewer.id, viewer.moderators),
      ...roomRefColumns(viewer.id),
    })
    .from(polls)
    .innerJoin(users, eq(users.id, polls.userId))
    .leftJoin(rooms, eq(rooms.id, polls.subCommunity))
    .leftJoin(pollVotes, and(eq(pollVotes.pollId, polls.id), mine))
    .$dynamic();
}

/** One page of the polls matching `where` (callers add safety/visibility.ts), newest first, its ids picked first (db/paging.ts). */
export async function newestPolls(
  where: SQL | undefined,
  page: Page,
  viewer: Viewer,
  tx: Executor,
): Promise<Poll[]> {
  const newestFirst = [desc(polls.createdAt), desc(polls.id)];
  const rows = await selectPolls(viewer, tx)
    .where(inArray(polls.id, pageIds(polls, where, newestFirst, page)))
    .orderBy(...newestFirst);
  return rows.map((row) => toPoll(row, viewer));
}
