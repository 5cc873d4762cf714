/**
 * Posts: creation (with the optional re-encoded image), author-only deletion, and the feeds. Every
 * feed is one query per page: the author joined, the tallies and comment count read from the
 * post's counter columns, and the viewer's own vote joined in. The feeds and the post's page are
 * prepared queries (db/prepared.ts), one per feed, kind of viewer and page.
 */
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Post } from '../../../src/domain/entities.ts';
import { POSTS, ROOMS } from '../../../src/domain/messages.ts';
import type { RoomPostFields } from '../../../src/domain/roomValidation.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { type Page, pageIds } from '../../db/paging.ts';
import { pageKey, preparedRead, type Values, type Who, whoOf } from '../../db/prepared.ts';
import { notifications, posts } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { storeUpload } from '../../infra/imageStore.ts';
import { keyOfUrl, publicUrl } from '../../infra/storage.ts';
import { assertCanRead, guardRead, roomAccessByRef, writableRoom } from '../rooms/access.ts';
import { removeUpload } from '../rooms/files.ts';
import { guardItemPage } from '../safety/reviews.ts';
import { listable, viewerOf, viewerSql, viewerValues } from '../safety/visibility.ts';
import { withinWriteLimit } from '../safety/writeLimit.ts';
import { newPostRank, PopularRanking, popularFeed, popularSince } from './popular.ts';
import { postItem, selectPosts, toPost } from './read.ts';

/** Which posts each feed lists (its placeholders bound by the service) and its order before newest first. */
const FEEDS = {
  home: { where: isNull(posts.subCommunity), order: [] },
  topic: { where: and(eq(posts.topic, sql.placeholder('topic')), isNull(posts.subCommunity)), order: [] },
  room: { where: eq(posts.subCommunity, sql.placeholder('room')), order: [] },
  // Masked posts drop out of Popular (docs/moderation.md).
  popular: { where: and(popularFeed.where, isNull(posts.moderation)), order: popularFeed.order },
} satisfies Record<string, { where: SQL | undefined; order: SQL[] }>;
type Feed = keyof typeof FEEDS;

/**
 * One page of a feed: what the viewer may see of it (safety/visibility.ts), in its order (ties
 * newest first), its ids picked first (db/paging.ts).
 */
const feedPage = preparedRead(
  'posts_feed',
  ({ feed, who, page }: { feed: Feed; who: Who; page: Page }) => {
    const kept = pageKey(page);
    return kept && `${feed}_${who}_${kept}`;
  },
  (db, { feed, who, page }) => {
    const viewer = viewerSql(who);
    const { where, order } = FEEDS[feed];
    const ordering = [...order, desc(posts.createdAt), desc(posts.id)];
    const visible = and(where, listable('post', postItem, viewer.id, { feed: true }));
    return selectPosts(viewer, db)
      .where(inArray(posts.id, pageIds(posts, visible, ordering, page)))
      .orderBy(...ordering);
  },
);

const postPage = preparedRead(
  'post_page',
  (who: Who) => who,
  (db, who) => selectPosts(viewerSql(who), db).where(eq(posts.id, sql.placeholder('id'))),
);

export class PostService {
  private readonly ranking: PopularRanking;

  constructor(private readonly ctx: AppContext) {
    this.ranking = new PopularRanking({
      db: ctx.db,
      now: ctx.now,
      embedded: ctx.config.database.kind === 'pglite',
    });
  }

  /** One page of `feed` (its placeholders' `values`) as the viewer may see it. */
  private async list(
    feed: Feed,
    values: Values,
    page: Page,
    viewerId: string | null,
    tx: Executor,
  ): Promise<Post[]> {
    const viewer = viewerOf(this.ctx.config, viewerId);
    const rows = await feedPage(tx, { feed, who: whoOf(viewerId), page }).execute({
      ...viewerValues(viewer),
      ...values,
    });
    return rows.map((row) => toPost(row, viewer));
  }

  /** The posts of a room (its id or title), newest first: 403 for a private room not joined. */
  async inRoom(
    ref: string,
    page: Page,
    viewerId: string | null,
    tx: Executor = this.ctx.db,
  ): Promise<Post[]> {
    const room = await roomAccessByRef(ref, viewerId, tx);
    assertCanRead(room);
    return this.list('room', { room: room.id }, page, viewerId, tx);
  }

  /** Home feed: topic posts, newest first (room posts stay in their rooms). */
  home(page: Page, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Post[]> {
    return this.list('home', {}, page, viewerId, tx);
  }

  byTopic(topic: string, page: Page, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Post[]> {
    return this.list('topic', { topic }, page, viewerId, tx);
  }

  /** Popular (popular.ts): topic posts of the last 30 days by their stored rank. */
  popular(page: Page, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Post[]> {
    return this.list('popular', { since: popularSince(this.ctx.now()) }, page, viewerId, tx);
  }

  /** Re-scores the Popular ranking at the current time; false when another instance is at it. */
  refreshPopular(): Promise<boolean> {
    return this.ranking.refresh();
  }

  async one(id: string, viewerId: string | null, tx: Executor = this.ctx.db): Promise<Post> {
    const viewer = viewerOf(this.ctx.config, viewerId);
    const [row] = await postPage(tx, whoOf(viewerId)).execute({ ...viewerValues(viewer), id });
    if (!row) throw httpError(404, POSTS.notFound);
    const room = row.p.subCommunity;
    await guardItemPage(
      'post',
      { ...row.p, room },
      viewer,
      { guardRoom: () => guardRead(room, viewerId, tx), notFound: POSTS.notFound, now: this.ctx.now() },
      tx,
    );
    return toPost(row, viewer);
  }

  /**
   * Stores the image first (re-encoded), then the row; the file goes again if the row fails. A room
   * post names its room by id or title (`subCommunity`) and is stored with the room's id.
   */
  async create(userId: string, fields: RoomPostFields, image: Buffer | null): Promise<Post> {
    const room = await writableRoom(fields.subCommunity, userId, ROOMS.firstJoin, this.ctx.db);
    const key = image ? await storeUpload(this.ctx.storage, 'posts', image, 'post') : null;
    try {
      const [row] = await withinWriteLimit(this.ctx, userId, 'posts', (tx) =>
        tx
          .insert(posts)
          .values({
            userId,
            title: fields.title,
            topic: room ? null : fields.topic,
            body: fields.body,
            img: key ? publicUrl(key) : null,
            imgAlt: (key && fields.imgAlt) || null,
            subCommunity: room,
            popularRank: newPostRank(room),
            createdAt: this.ctx.now(),
          })
          .returning(),
      );
      if (!row) throw new Error('insert returned no row');
      return await this.one(row.id, userId);
    } catch (error) {
      if (key) await removeUpload(this.ctx, key);
      throw error;
    }
  }

  /** Author only. Comments and votes go by cascade, the notifications about it here, the image last. */
  async delete(userId: string, id: string): Promise<void> {
    const img = await this.ctx.db.transaction(async (tx) => {
      const [post] = await tx
        .select({ userId: posts.userId, img: posts.img })
        .from(posts)
        .where(eq(posts.id, id))
        .for('update');
      if (!post) throw httpError(404, POSTS.notFound);
      if (post.userId !== userId) throw httpError(403, POSTS.notAuthor);
      await tx.delete(notifications).where(eq(notifications.postId, id));
      await tx.delete(posts).where(eq(posts.id, id));
      return post.img;
    });
    const key = img ? keyOfUrl(img) : null;
    if (key) await removeUpload(this.ctx, key);
  }
}
