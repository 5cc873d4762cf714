/**
 * Posts, polls and comments as profiles list them: one query per page, in the shapes of the feeds
 * (the author, the counters, the room label and the viewer's own vote joined in), restricted to what
 * the viewer may see: topic content, public rooms, and private rooms the viewer joined.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Poll, ProfileComment } from '../../../src/domain/entities.ts';
import type { Executor } from '../../db/client.ts';
import { comments, polls, posts, roomMembers, rooms, users, votes } from '../../db/schema.ts';
import { newestPolls } from '../polls/read.ts';
import { asVote, viewerCommentVote } from '../votes/service.ts';

/** Content whose room column is `room` that the viewer may read (docs/decisions.md, Rooms). */
export function visibleTo(room: AnyPgColumn, viewerId: string | null): SQL {
  const joined = viewerId
    ? sql` or exists (select 1 from ${roomMembers} m where m.room_id = r.id and m.user_id = ${viewerId} and m.joined)`
    : sql``;
  return sql`(${room} is null or exists (select 1 from ${rooms} r where r.id = ${room} and (not r.private${joined})))`;
}

/** One page of the polls matching `where`, newest first, options aggregated as JSON. */
export function listPolls(
  where: SQL,
  page: { offset: number; limit: number },
  viewerId: string | null,
  tx: Executor,
): Promise<Poll[]> {
  return newestPolls(and(where, visibleTo(polls.subCommunity, viewerId)), page, viewerId, tx);
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
