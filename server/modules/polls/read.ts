/**
 * How a poll is read everywhere (feeds, its page, profiles): the row, its author, its options (as JSON,
 * in order), its room label and the viewer's choice, in one query; callers filter, order and page.
 * The lists are prepared queries (db/prepared.ts), one per list, kind of viewer and page.
 */
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Poll, PollOption } from '../../../src/domain/entities.ts';
import type { Executor } from '../../db/client.ts';
import { type Page, pageIds } from '../../db/paging.ts';
import { pageKey, preparedRead, type Values, type Who, whoOf } from '../../db/prepared.ts';
import { pollOptions, polls, pollVotes, rooms, users } from '../../db/schema.ts';
import { type RoomRefRead, roomRefColumns, toRoomRef } from '../rooms/ref.ts';
import {
  listable,
  type SafetyRead,
  safetyColumns,
  toSafetyFlags,
  type Viewer,
  type ViewerSql,
  viewerSql,
  viewerValues,
} from '../safety/visibility.ts';

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
export function selectPolls(viewer: ViewerSql, tx: Executor) {
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

/**
 * The lists of polls: which polls each lists (its placeholders bound by the caller), and whether it is
 * a feed, which leaves out what the viewer hid (a profile lists it: safety/visibility.ts `listable`).
 */
const LISTS = {
  home: { where: isNull(polls.subCommunity), feed: true },
  topic: { where: and(eq(polls.topic, sql.placeholder('topic')), isNull(polls.subCommunity)), feed: true },
  room: { where: eq(polls.subCommunity, sql.placeholder('room')), feed: true },
  author: { where: eq(polls.userId, sql.placeholder('author')), feed: false },
} satisfies Record<string, { where: SQL | undefined; feed: boolean }>;
export type PollList = keyof typeof LISTS;

const newestFirst = [desc(polls.createdAt), desc(polls.id)];

const listPage = preparedRead(
  'polls_list',
  ({ list, who, page }: { list: PollList; who: Who; page: Page }) => {
    const kept = pageKey(page);
    return kept && `${list}_${who}_${kept}`;
  },
  (db, { list, who, page }) => {
    const viewer = viewerSql(who);
    const { where, feed } = LISTS[list];
    const visible = and(where, listable('poll', pollItem, viewer.id, { feed }));
    return selectPolls(viewer, db)
      .where(inArray(polls.id, pageIds(polls, visible, newestFirst, page)))
      .orderBy(...newestFirst);
  },
);

/**
 * One page of a list of polls (`values`: its placeholders') the viewer may see, newest first, its ids
 * picked first (db/paging.ts).
 */
export async function newestPolls(
  list: PollList,
  values: Values,
  page: Page,
  viewer: Viewer,
  tx: Executor,
): Promise<Poll[]> {
  const rows = await listPage(tx, { list, who: whoOf(viewer.id), page }).execute({
    ...viewerValues(viewer),
    ...values,
  });
  return rows.map((row) => toPoll(row, viewer));
}

const pollPage = preparedRead(
  'poll_page',
  (who: Who) => who,
  (db, who) => selectPolls(viewerSql(who), db).where(eq(polls.id, sql.placeholder('id'))),
);

/** A poll as its page shows it to the viewer, or undefined. */
export async function readPoll(id: string, viewer: Viewer, tx: Executor) {
  const [row] = await pollPage(tx, whoOf(viewer.id)).execute({ ...viewerValues(viewer), id });
  return row;
}
