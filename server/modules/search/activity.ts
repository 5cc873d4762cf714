/**
 * The tabs of a profile: posts, polls, comments, upvotes and the overview (posts and comments
 * merged), 10 a page, newest first, each one query (the overview: one for the page, one per kind).
 * Private-room content only reaches viewers who joined that room; upvotes only reach their owner.
 * Each is a prepared query (db/prepared.ts), one per kind of viewer and page.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Poll, Post } from '../../../src/domain/entities.ts';
import { PROFILE } from '../../../src/domain/peopleMessages.ts';
import type { OverviewItem, ProfileComment, UpvoteItem } from '../../../src/domain/profileSchemas.ts';
import type { ActivityQuery } from '../../../src/domain/userValidation.ts';
import type { AppContext } from '../../context.ts';
import { inlined, type Page } from '../../db/paging.ts';
import { anyOf, pageKey, preparedRead, type Who, whoOf } from '../../db/prepared.ts';
import { comments, posts, rooms, users, votes } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { postColumns, postItem, selectPosts, toPost } from '../posts/read.ts';
import {
  listable,
  type Viewer,
  type ViewerRef,
  viewerOf,
  viewerSql,
  viewerValues,
} from '../safety/visibility.ts';
import { viewerPostVote } from '../votes/service.ts';
import { listPolls, profileCommentVisible, selectComments, toProfileComment } from './content.ts';

const pageOf = (q: ActivityQuery) => ({ offset: q.offset ?? q.page * q.limit, limit: q.limit });
/** A profile's posts: what the viewer may see, hidden ones included (hiding is for feeds). */
const postVisible = (viewerId: ViewerRef) => listable('post', postItem, viewerId, { feed: false });
/** Whose profile a prepared read lists: bound to the user's id at each execution. */
const author = sql.placeholder('author');
/** The key of a page of a viewer's prepared read, or null for a page not kept (db/prepared.ts). */
const pageShape = ({ who, page }: { who: Who; page: Page }) => {
  const kept = pageKey(page);
  return kept && `${who}_${kept}`;
};

/** The user a query names: by id or by username (any letter case), verified. */
const userRead = preparedRead(
  'profile_user',
  (by: 'id' | 'name') => by,
  (db, by) => {
    const user = sql.placeholder('user');
    const who = by === 'id' ? eq(users.id, user) : sql`lower(${users.username}) = lower(${user})`;
    return db
      .select({ id: users.id })
      .from(users)
      .where(and(who, sql`${users.verifiedAt} is not null`));
  },
);

const postsRead = preparedRead('profile_posts', pageShape, (db, { who, page }) => {
  const viewer = viewerSql(who);
  return selectPosts(viewer, db)
    .where(and(eq(posts.userId, author), postVisible(viewer.id)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(inlined(page.limit))
    .offset(inlined(page.offset));
});

const commentsRead = preparedRead('profile_comments', pageShape, (db, { who, page }) => {
  const viewer = viewerSql(who);
  return selectComments(viewer, db)
    .where(and(eq(comments.userId, author), profileCommentVisible(viewer.id)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(inlined(page.limit))
    .offset(inlined(page.offset));
});

/** The posts the author upvoted: read by the author alone (a signed-in viewer). */
const upvotesRead = preparedRead('profile_upvotes', pageKey, (db, page) => {
  const upvote = alias(votes, 'upvote');
  const viewer = viewerSql('member');
  return db
    .select({ ...postColumns(viewer), votedAt: upvote.createdAt })
    .from(upvote)
    .innerJoin(posts, eq(posts.id, upvote.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(rooms, eq(rooms.id, posts.subCommunity))
    .leftJoin(votes, viewerPostVote(viewer.id))
    .where(
      and(eq(upvote.userId, author), isNull(upvote.commentId), eq(upvote.value, 1), postVisible(viewer.id)),
    )
    .orderBy(desc(upvote.createdAt), desc(upvote.id))
    .limit(inlined(page.limit))
    .offset(inlined(page.offset));
});

/** The overview's page: the kinds and ids of the author's posts and comments, newest first. */
const overviewRead = preparedRead('profile_overview', pageShape, (db, { who, page }) => {
  const viewer = viewerSql(who);
  const postIds = db
    .select({ kind: sql<string>`'post'`.as('kind'), id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.userId, author), postVisible(viewer.id)));
  const commentIds = db
    .select({ kind: sql<string>`'comment'`.as('kind'), id: comments.id, createdAt: comments.createdAt })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.userId, author), profileCommentVisible(viewer.id)));
  const merged = unionAll(postIds, commentIds).as('merged');
  return db
    .select()
    .from(merged)
    .orderBy(desc(merged.createdAt), desc(merged.id))
    .limit(inlined(page.limit))
    .offset(inlined(page.offset));
});

/** The overview's posts and comments by their ids (placeholder `ids`: one text whatever their number). */
const ids = sql.placeholder('ids');
const overviewPostsRead = preparedRead(
  'profile_overview_posts',
  (who: Who) => who,
  (db, who) => selectPosts(viewerSql(who), db).where(anyOf(posts.id, ids)),
);
const overviewCommentsRead = preparedRead(
  'profile_overview_comments',
  (who: Who) => who,
  (db, who) => selectComments(viewerSql(who), db).where(anyOf(comments.id, ids)),
);

export class ActivityService {
  constructor(private readonly ctx: AppContext) {}

  private viewer(viewerId: string | null): Viewer {
    return viewerOf(this.ctx.config, viewerId);
  }

  /** The user a query names (userID, userId or username, any letter case); 404 for nobody. */
  private async userOf(q: ActivityQuery): Promise<string> {
    const id = q.userID ?? q.userId;
    const [user] = await userRead(this.ctx.db, id ? 'id' : 'name').execute({ user: id ?? q.username ?? '' });
    if (!user) throw httpError(404, PROFILE.userNotFound);
    return user.id;
  }

  async posts(q: ActivityQuery, viewerId: string | null): Promise<Post[]> {
    const userId = await this.userOf(q);
    const viewer = this.viewer(viewerId);
    const rows = await postsRead(this.ctx.db, { who: whoOf(viewerId), page: pageOf(q) }).execute({
      ...viewerValues(viewer),
      author: userId,
    });
    return rows.map((row) => toPost(row, viewer));
  }

  async polls(q: ActivityQuery, viewerId: string | null): Promise<Poll[]> {
    const userId = await this.userOf(q);
    return listPolls(userId, pageOf(q), this.viewer(viewerId), this.ctx.db);
  }

  async comments(q: ActivityQuery, viewerId: string | null): Promise<ProfileComment[]> {
    const userId = await this.userOf(q);
    const viewer = this.viewer(viewerId);
    const rows = await commentsRead(this.ctx.db, { who: whoOf(viewerId), page: pageOf(q) }).execute({
      ...viewerValues(viewer),
      author: userId,
    });
    return rows.map((row) => toProfileComment(row, viewer));
  }

  /** The posts the user upvoted, newest vote first: shown to the user only (votes are not public). */
  async upvotes(q: ActivityQuery, viewerId: string | null): Promise<UpvoteItem[]> {
    const userId = await this.userOf(q);
    if (userId !== viewerId) throw httpError(403, PROFILE.upvotesPrivate);
    const viewer = this.viewer(viewerId);
    const rows = await upvotesRead(this.ctx.db, pageOf(q)).execute({
      ...viewerValues(viewer),
      author: userId,
    });
    return rows.map((row) => ({
      postId: row.p.id,
      createdAt: row.votedAt.toISOString(),
      post: toPost(row, viewer),
    }));
  }

  /** Posts and comments merged newest first: the page of ids in one query, then each kind's rows. */
  async overview(q: ActivityQuery, viewerId: string | null): Promise<OverviewItem[]> {
    const userId = await this.userOf(q);
    const db = this.ctx.db;
    const viewer = this.viewer(viewerId);
    const who = whoOf(viewerId);
    const values = { ...viewerValues(viewer), author: userId };
    const page = await overviewRead(db, { who, page: pageOf(q) }).execute(values);
    const idsOf = (kind: string) => page.filter((item) => item.kind === kind).map((item) => item.id);
    const [postRows, commentRows] = await Promise.all([
      idsOf('post').length
        ? overviewPostsRead(db, who).execute({ ...values, ids: idsOf('post') })
        : Promise.resolve([]),
      idsOf('comment').length
        ? overviewCommentsRead(db, who).execute({ ...values, ids: idsOf('comment') })
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
