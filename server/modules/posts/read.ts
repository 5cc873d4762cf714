/**
 * How a post is read everywhere (feeds, its page, profiles): the row, its author, its room label and
 * the viewer's own vote, in one query; callers add their filter, order and paging.
 */
import { eq } from 'drizzle-orm';
import type { Post } from '../../../src/domain/entities.ts';
import type { Executor } from '../../db/client.ts';
import { posts, rooms, users, votes } from '../../db/schema.ts';
import { type RoomRefRead, roomRefColumns, toRoomRef } from '../rooms/ref.ts';
import { asVote, viewerPostVote } from '../votes/service.ts';

export interface PostRead extends RoomRefRead {
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
  imgAlt: read.p.imgAlt,
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
