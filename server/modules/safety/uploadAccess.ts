/**
 * Who may see an uploaded image (issue 30, "removed means gone"): the same rule as for what it shows.
 * A post's image answers whoever may read the post, so a private room's images answer its members
 * only (and a moderator reviewing a reported one: visibility.ts `underReview`); an image of a post,
 * poll, room or account that moderators or a room owner removed answers 410; an image that
 * belongs to nothing any more (its post deleted, a picture replaced, an account deleted) answers 404,
 * as one that never existed. Found through the indexed image columns (migration 0012).
 */
import { eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { parseVariantKey } from '../../../src/domain/images.ts';
import type { AppContext } from '../../context.ts';
import { posts, rooms, users } from '../../db/schema.ts';
import { publicUrl } from '../../infra/storage.ts';
import { roomReadable, underReview } from './visibility.ts';

/** `open` to this viewer, `removed` by moderators, or `unseen`: nothing of theirs shows it. */
export type UploadAccess = 'open' | 'removed' | 'unseen';

const removed = (moderation: Parameters<typeof eq>[0]) => sql<boolean>`${moderation} = 'removed'`;

export class UploadAccessService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'config'>) {}

  /** What `viewerId` (null: a visitor) may do with the stored file `key` (any of its sizes). */
  async of(key: string, viewerId: string | null): Promise<UploadAccess> {
    const url = publicUrl(parseVariantKey(key)?.original ?? key);
    const folder = key.split('/')[0];
    const { db } = this.ctx;
    if (folder === 'posts') {
      const [post] = await db
        .select({
          removed: removed(posts.moderation),
          // A moderator reviewing a reported post of a private room sees its image with it.
          readable: sql<boolean>`(${roomReadable(posts.subCommunity, viewerId)} or ${underReview(
            'post',
            posts.id,
            posts.subCommunity,
            viewerId,
            this.ctx.config.safety.moderators,
          )})`,
        })
        .from(posts)
        .where(eq(posts.img, url))
        .limit(1);
      if (!post) return 'unseen';
      if (post.removed) return 'removed';
      return post.readable ? 'open' : 'unseen';
    }
    if (folder === 'users') return this.ownerState(users, [users.dp, users.bgImg], url);
    // A private room's icon and background name it on its 403 screen too: open to all.
    if (folder === 'rooms') return this.ownerState(rooms, [rooms.img, rooms.bgImg], url);
    return 'unseen';
  }

  /** An account's or a room's picture: open while its owner is, removed with it, else unseen. */
  private async ownerState(
    table: typeof users | typeof rooms,
    columns: [AnyPgColumn, AnyPgColumn],
    url: string,
  ): Promise<UploadAccess> {
    const [owner] = await this.ctx.db
      .select({ removed: removed(table.moderation) })
      .from(table)
      .where(or(eq(columns[0], url), eq(columns[1], url)))
      .limit(1);
    if (!owner) return 'unseen';
    return owner.removed ? 'removed' : 'open';
  }
}
