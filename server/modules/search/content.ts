/**
 * Posts, polls and comments as profiles list them: one query per page, in the shapes of the feeds
 * (the author, the counters, the room label and the viewer's own vote joined in), restricted to what
 * the viewer may see (safety/visibility.ts).
 */
import { eq } from 'drizzle-orm';
import type { Poll } from '../../../src/domain/entities.ts';
import type { ProfileComment } from '../../../src/domain/profileSchemas.ts';
import type { Executor } from '../../db/client.ts';
import { comments, posts, users, votes } from '../../db/schema.ts';
import { commentItem } from '../comments/read.ts';
import { newestPolls } from '../polls/read.ts';
import {
  commentListable,
  safetyColumns,
  toSafetyFlags,
  type Viewer,
  type ViewerRef,
  type ViewerSql,
} from '../safety/visibility.ts';
import { asVote, viewerCommentVote } from '../votes/service.ts';

/** One page of the author's polls the viewer may see on a profile, newest first. */
export function listPolls(
  author: string,
  page: { offset: number; limit: number },
  viewer: Viewer,
  tx: Executor,
): Promise<Poll[]> {
  return newestPolls('author', { author }, page, viewer, tx);
}

/** The profile comments the viewer may see (safety/visibility.ts); the query joins their posts. */
export const profileCommentVisible = (viewerId: ViewerRef) =>
  commentListable(commentItem, { room: posts.subCommunity, moderation: posts.moderation }, viewerId);

/** Comments of a profile (never '[deleted]' ones: they have no author), with their post's title. */
export function selectComments(viewer: ViewerSql, tx: Executor) {
  return tx
    .select({
      c: comments,
      username: users.username,
      dp: users.dp,
      myVote: votes.value,
      safety: safetyColumns('comment', commentItem, viewer.id, viewer.moderators),
      postTitle: posts.title,
      postRoom: posts.subCommunity,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .leftJoin(votes, viewerCommentVote(viewer.id))
    .$dynamic();
}

type CommentRead = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

export const toProfileComment = (r: CommentRead, viewer: Viewer): ProfileComment => ({
  id: r.c.id,
  body: r.c.body,
  postId: r.c.postId,
  parentId: r.c.parentId,
  userId: r.c.userId,
  user: { username: r.username, dp: r.dp },
  deleted: false,
  createdAt: r.c.createdAt.toISOString(),
  editedAt: r.c.editedAt?.toISOString() ?? null,
  upvotes: r.c.upvotes,
  downvotes: r.c.downvotes,
  myVote: asVote(r.myVote),
  ...toSafetyFlags(r.safety, r.c.userId === viewer.id, r.c.body, viewer.crisisKeywords),
  authorBlocked: false,
  removedRule: null,
  post: { id: r.c.postId, title: r.postTitle, subCommunity: r.postRoom },
});
