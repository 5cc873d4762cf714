/**
 * Posts, polls and comments as profiles list them: one query per page, in the shapes of the feeds
 * (the author, the counters, the room label and the viewer's own vote joined in), restricted to what
 * the viewer may see: topic content, public rooms, and private rooms the viewer joined.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Poll, PollOption, Post, ProfileComment } from '../../../src/domain/entities.ts';
import type { Executor } from '../../db/client.ts';
import {
  comments,
  pollOptions,
  polls,
  pollVotes,
  posts,
  roomMembers,
  rooms,
  users,
  votes,
} from '../../db/schema.ts';
import { type RoomRefRead, roomRefColumns, toRoomRef } from '../rooms/ref.ts';
import { asVote, viewerCommentVote, viewerPostVote } from '../votes/service.ts';

/** Content whose room column is `room` that the viewer may read (docs/decisions.md, Rooms). */
export function visibleTo(room: AnyPgColumn, viewerId: string | null): SQL {
  const joined = viewerId
    ? sql` or exists (select 1 from ${roomMembers} m where m.room_id = r.id and m.user_id = ${viewerId} and m.joined)`
    : sql``;
  return sql`(${room} is null or exists (select 1 from ${rooms} r where r.id = ${room} and (not r.private${joined})))`;
}

interface PostRead extends RoomRefRead {
  p: typeof posts.$inferSelect;
  username: string;
  dp: string | null;
  myVote: number | null;
}

export const toPost = (read: PostRead): Post => ({
  id: read.p.id,
  title: read.p.title,
  topic: read.p.topic,
  body: read.p.body,
  img: read.p.img,
  createdAt: read.p.createdAt.toISOString(),
  userId: read.p.userId,
  user: { username: read.username, dp: read.dp },
  subCommunity: read.p.subCommunity,
  room: toRoomRef(read),
  upvotes: read.p.upvotes,
  downvotes: read.p.downvotes,
  myVote: asVote(read.myVote),
  commentCount: read.p.commentCount,
});

/** What a post is read with: the row, its author, its room label and the viewer's vote. */
export const postColumns = (viewerId: string | null) => ({
  p: posts,
  username: users.username,
  dp: users.dp,
  myVote: votes.value,
  ...roomRefColumns(viewerId),
});

/** Posts with author, room label and the viewer's vote; callers filter (visibleTo) and page. */
export function selectPosts(viewerId: string | null, tx: Executor) {
  return tx
    .select(postColumns(viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(rooms, eq(rooms.id, posts.subCommunity))
    .leftJoin(votes, viewerPostVote(viewerId))
    .$dynamic();
}

interface PollRead extends RoomRefRead {
  p: typeof polls.$inferSelect;
  username: string;
  dp: string | null;
  myOptionId: string | null;
  options: PollOption[];
}

const toPoll = (r: PollRead): Poll => ({
  id: r.p.id,
  title: r.p.title,
  topic: r.p.topic,
  subCommunity: r.p.subCommunity,
  room: toRoomRef(r),
  createdAt: r.p.createdAt.toISOString(),
  userId: r.p.userId,
  createdBy: { username: r.username, dp: r.dp },
  options: r.options,
  totalVotes: r.options.reduce((sum, o) => sum + o.votes, 0),
  myOptionId: r.myOptionId,
});

/** One page of the polls matching `where`, newest first, options aggregated as JSON. */
export async function listPolls(
  where: SQL,
  page: { offset: number; limit: number },
  viewerId: string | null,
  tx: Executor,
): Promise<Poll[]> {
  const mine = viewerId ? eq(pollVotes.userId, viewerId) : sql`false`;
  const options = sql<PollOption[]>`coalesce((
    select json_agg(json_build_object('id', o.id, 'text', o.text, 'votes', o.votes) order by o.position)
    from ${pollOptions} o where o.poll_id = ${polls.id}), '[]'::json)`;
  const rows = await tx
    .select({
      p: polls,
      username: users.username,
      dp: users.dp,
      myOptionId: pollVotes.optionId,
      options,
      ...roomRefColumns(viewerId),
    })
    .from(polls)
    .innerJoin(users, eq(users.id, polls.userId))
    .leftJoin(rooms, eq(rooms.id, polls.subCommunity))
    .leftJoin(pollVotes, and(eq(pollVotes.pollId, polls.id), mine))
    .where(and(where, visibleTo(polls.subCommunity, viewerId)))
    .orderBy(sql`${polls.createdAt} desc`, sql`${polls.id} desc`)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toPoll);
}

/** Comments of a profile (never '[deleted]' ones: they have no author), with their post's title. */
export function selectComments(viewerId: string | null, tx: Executor) {
  return tx
    .select({
      c: comments,
      username: users.username,
      dp: users.dp,
      myVote: votes.value,
      postTitle: posts.title,
      postRoom: posts.subCommunity,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .leftJoin(votes, viewerCommentVote(viewerId))
    .$dynamic();
}

type CommentRead = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

export const toProfileComment = (r: CommentRead): ProfileComment => ({
  id: r.c.id,
  body: r.c.body,
  postId: r.c.postId,
  parentId: r.c.parentId,
  userId: r.c.userId,
  user: { username: r.username, dp: r.dp },
  deleted: false,
  createdAt: r.c.createdAt.toISOString(),
  upvotes: r.c.upvotes,
  downvotes: r.c.downvotes,
  myVote: asVote(r.myVote),
  post: { id: r.c.postId, title: r.postTitle, subCommunity: r.postRoom },
});
