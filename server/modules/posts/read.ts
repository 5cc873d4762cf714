/**
 * How a post is read everywhere (feeds, its page, profiles): the row, its author, its room label and
 * the viewer's own vote, in one query; callers add their filter, order and paging.
 */
import { eq } from 'drizzle-orm';
import type { Post } from '../../../src/domain/entities.ts';
import type { Executor } from '../../db/client.ts';
import { posts, rooms, users, votes } from '../../db/schema.ts';
import { type RoomRefRead, roomRefColumns, toRoomRef } from '../rooms/ref.ts';
import {
  type SafetyRead,
  safetyColumns,
  toSafetyFlags,
  type Viewer,
  type ViewerSql,
} from '../safety/visibility.ts';
import { asVote, viewerPostVote } from '../votes/service.ts';

export interface PostRead extends RoomRefRead {
  p: typeof posts.$inferSelect;
  username: string;
  dp: string | null;
  myVote: number | null;
  safety: SafetyRead;
}

/** A post's columns as the visibility rule reads them (safety/visibility.ts). */
export const postItem = {
  id: posts.id,
  userId: posts.userId,
  moderation: posts.moderation,
  room: posts.subCommunity,
};

export const toPost = (read: PostRead, viewer: Viewer): Post => ({
  id: read.p.id,
  title: read.p.title,
  topic: read.p.topic,
  body: read.p.body,
  img: read.p.img,
  imgAlt: read.p.imgAlt,
  createdAt: read.p.createdAt.toISOString(),
  editedAt: read.p.editedAt?.toISOString() ?? null,
  userId: read.p.userId,
  user: { username: read.username, dp: read.dp },
  subCommunity: read.p.subCommunity,
  room: toRoomRef(read),
  upvotes: read.p.upvotes,
  downvotes: read.p.downvotes,
  myVote: asVote(read.myVote),
  commentCount: read.p.commentCount,
  ...toSafetyFlags(
    read.safety,
    read.p.userId === viewer.id,
    `${read.p.title}\n${read.p.body}`,
    viewer.crisisKeywords,
  ),
});

/** What a post is read with: the row, its author, its room label and the viewer's vote. */
export const postColumns = (viewer: ViewerSql) => ({
  p: posts,
  username: users.username,
  dp: users.dp,
  myVote: votes.value,
  safety: safetyColumns('post', postItem, viewer.id, viewer.moderators),
  ...roomRefColumns(viewer.id),
});

/** Posts with author, room label and the viewer's vote; callers filter (safety/visibility.ts) and page. */
export function selectPosts(viewer: ViewerSql, tx: Executor) {
  return tx
    .select(postColumns(viewer))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(rooms, eq(rooms.id, posts.subCommunity))
    .leftJoin(votes, viewerPostVote(viewer.id))
    .$dynamic();
}
