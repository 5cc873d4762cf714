/**
 * The tabs of a profile: posts, polls, comments, upvotes and the overview (posts and comments
 * merged), 10 a page, newest first, each one query (the overview: one for the page, one per kind).
 * Private-room content only reaches viewers who joined that room; upvotes only reach their owner.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Poll, Post } from '../../../src/domain/entities.ts';
import { PROFILE } from '../../../src/domain/peopleMessages.ts';
import type { OverviewItem, ProfileComment, UpvoteItem } from '../../../src/domain/profileSchemas.ts';
import { listSortOf } from '../../../src/domain/sorting.ts';
import type { ActivityQuery, UserPostsQuery } from '../../../src/domain/userValidation.ts';
import type { AppContext } from '../../context.ts';
import { inlined } from '../../db/paging.ts';
import { comments, polls, posts, rooms, users, votes } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { postColumns, postItem, selectPosts, toPost } from '../posts/read.ts';
import { postListOrder } from '../posts/sorting.ts';
import { listable, type Viewer, viewerOf } from '../safety/visibility.ts';
import { viewerPostVote } from '../votes/service.ts';
import { listPolls, profileCommentVisible, selectComments, toProfileComment } from './content.ts';

const pageOf = (q: ActivityQuery) => ({ offset: q.offset ?? q.page * q.limit, limit: q.limit });
/** A profile's posts: what the viewer may see, hidden ones included (hiding is for feeds). */
const postVisible = (viewerId: string | null) => listable('post', postItem, viewerId, { feed: false });

export class ActivityService {
  constructor(private readonly ctx: AppContext) {}

  private viewer(viewerId: string | null): Viewer {
    return viewerOf(this.ctx.config, viewerId);
  }

  /** The user a query names (userID, userId or username, any letter case); 404 for nobody. */
  private async userOf(q: ActivityQuery): Promise<string> {
    const id = q.userID ?? q.userId;
    const who = id ? eq(users.id, id) : sql`lower(${users.username}) = lower(${q.username ?? ''})`;
    const [user] = await this.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(who, sql`${users.verifiedAt} is not null`));
    if (!user) throw httpError(404, PROFILE.userNotFound);
    return user.id;
  }

  /** Newest first, or in the query's `sort` (posts/sorting.ts). */
  async posts(q: UserPostsQuery, viewerId: string | null): Promise<Post[]> {
    const userId = await this.userOf(q);
    const { offset, limit } = pageOf(q);
    const viewer = this.viewer(viewerId);
    const chosen = postListOrder(listSortOf(q), this.ctx.now());
    const rows = await selectPosts(viewer, this.ctx.db)
      .where(and(eq(posts.userId, userId), chosen.where, postVisible(viewerId)))
      .orderBy(...chosen.order, desc(posts.createdAt), desc(posts.id))
      .limit(inlined(limit))
      .offset(inlined(offset));
    return rows.map((row) => toPost(row, viewer));
  }

  async polls(q: ActivityQuery, viewerId: string | null): Promise<Poll[]> {
    const userId = await this.userOf(q);
    return listPolls(eq(polls.userId, userId), pageOf(q), this.viewer(viewerId), this.ctx.db);
  }

  async comments(q: ActivityQuery, viewerId: string | null): Promise<ProfileComment[]> {
    const userId = await this.userOf(q);
    const { offset, limit } = pageOf(q);
    const viewer = this.viewer(viewerId);
    const rows = await selectComments(viewer, this.ctx.db)
      .where(and(eq(comments.userId, userId), profileCommentVisible(viewerId)))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(inlined(limit))
      .offset(inlined(offset));
    return rows.map((row) => toProfileComment(row, viewer));
  }

  /** The posts the user upvoted, newest vote first: shown to the user only (votes are not public). */
  async upvotes(q: ActivityQuery, viewerId: string | null): Promise<UpvoteItem[]> {
    const userId = await this.userOf(q);
    if (userId !== viewerId) throw httpError(403, PROFILE.upvotesPrivate);
    const { offset, limit } = pageOf(q);
    const upvote = alias(votes, 'upvote');
    const viewer = this.viewer(viewerId);
    const rows = await this.ctx.db
      .select({ ...postColumns(viewer), votedAt: upvote.createdAt })
      .from(upvote)
      .innerJoin(posts, eq(posts.id, upvote.postId))
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(rooms, eq(rooms.id, posts.subCommunity))
      .leftJoin(votes, viewerPostVote(viewerId))
      .where(
        and(eq(upvote.userId, userId), isNull(upvote.commentId), eq(upvote.value, 1), postVisible(viewerId)),
      )
      .orderBy(desc(upvote.createdAt), desc(upvote.id))
      .limit(inlined(limit))
      .offset(inlined(offset));
    return rows.map((row) => ({
      postId: row.p.id,
      createdAt: row.votedAt.toISOString(),
      post: toPost(row, viewer),
    }));
  }

  /** Posts and comments merged newest first: the page of ids in one query, then each kind's rows. */
  async overview(q: ActivityQuery, viewerId: string | null): Promise<OverviewItem[]> {
    const userId = await this.userOf(q);
    const { offset, limit } = pageOf(q);
    const db = this.ctx.db;
    const viewer = this.viewer(viewerId);
    const postIds = db
      .select({ kind: sql<string>`'post'`.as('kind'), id: posts.id, createdAt: posts.createdAt })
      .from(posts)
      .where(and(eq(posts.userId, userId), postVisible(viewerId)));
    const commentIds = db
      .select({ kind: sql<string>`'comment'`.as('kind'), id: comments.id, createdAt: comments.createdAt })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.userId, userId), profileCommentVisible(viewerId)));
    const merged = unionAll(postIds, commentIds).as('merged');
    const page = await db
      .select()
      .from(merged)
      .orderBy(desc(merged.createdAt), desc(merged.id))
      .limit(inlined(limit))
      .offset(inlined(offset));
    const idsOf = (kind: string) => page.filter((item) => item.kind === kind).map((item) => item.id);
    const [postRows, commentRows] = await Promise.all([
      idsOf('post').length
        ? selectPosts(viewer, db).where(inArray(posts.id, idsOf('post')))
        : Promise.resolve([]),
      idsOf('comment').length
        ? selectComments(viewer, db).where(inArray(comments.id, idsOf('comment')))
        : Promise.resolve([]),
    ]);
    const byId = new Map<string, OverviewItem>([
      ...postRows.map((row) => [row.p.id, { kind: 'post', post: toPost(row, viewer) }] as const),
      ...commentRows.map(
        (row) => [row.c.id, { kind: 'comment', comment: toProfileComment(row, viewer) }] as const,
      ),
    ]);
    return page.flatMap((item) => byId.get(item.id) ?? []);
  }
}
