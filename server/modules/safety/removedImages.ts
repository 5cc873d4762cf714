/**
 * Removed means gone, in storage too (issue 30): once moderators removed a post, a room or an account,
 * or a room's owner removed a post (its room log), and the grace period (REMOVED_IMAGES_GRACE_MINUTES, 60) has passed, its images and all their copies
 * leave the storage (disk or S3) and the item forgets them. Until then they answer 410
 * (uploadAccess.ts), so a removal confirmed by mistake can still be looked into; after, 404.
 * A sweep runs every few minutes on each instance; deleting a file twice is harmless.
 */
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { moderationCases, posts, roomLog, rooms, users } from '../../db/schema.ts';
import { deleteImage } from '../../infra/imageStore.ts';
import { scheduleEvery } from '../../infra/schedule.ts';
import { keyOfUrl } from '../../infra/storage.ts';

const SWEEP_EVERY_MS = 5 * 60_000;

/** The image columns of each kind that moderators remove. */
const IMAGE_COLUMNS = [
  { kind: 'post', table: posts, columns: [posts.img] },
  { kind: 'room', table: rooms, columns: [rooms.img, rooms.bgImg] },
  { kind: 'user', table: users, columns: [users.dp, users.bgImg] },
] as const;

export class RemovedImages {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'storage' | 'now' | 'config'>) {}

  /** Deletes the images of items removed more than the grace period ago; answers how many files. */
  async sweep(): Promise<number> {
    const before = new Date(this.ctx.now().getTime() - this.ctx.config.safety.removedImagesGraceMs);
    let deleted = 0;
    for (const { kind, table, columns } of IMAGE_COLUMNS) {
      for (const column of columns) {
        const rows = await this.ctx.db
          .select({ id: table.id, url: column })
          .from(table)
          .innerJoin(
            moderationCases,
            and(eq(moderationCases.kind, kind), eq(moderationCases.targetId, table.id)),
          )
          .where(
            and(
              eq(moderationCases.status, 'removed'),
              lt(moderationCases.removedAt, before),
              isNotNull(column),
            ),
          )
          .limit(100);
        deleted += await this.forget(table, column, rows);
      }
    }
    const byOwners = await this.ctx.db
      .select({ id: posts.id, url: posts.img })
      .from(posts)
      .innerJoin(roomLog, and(eq(roomLog.kind, 'post'), eq(roomLog.targetId, posts.id)))
      .where(and(eq(posts.moderation, 'removed'), lt(roomLog.createdAt, before), isNotNull(posts.img)))
      .limit(100);
    return deleted + (await this.forget(posts, posts.img, byOwners));
  }

  /** Deletes each row's image and its copies, then the row forgets it; answers how many. */
  private async forget(
    table: (typeof IMAGE_COLUMNS)[number]['table'],
    column: AnyPgColumn,
    rows: { id: string; url: string | null }[],
  ): Promise<number> {
    for (const row of rows) {
      const key = row.url ? keyOfUrl(row.url) : null;
      if (key) await deleteImage(this.ctx.storage, key);
      await this.ctx.db.execute(
        sql`update ${table} set ${sql.identifier(column.name)} = null where id = ${row.id} and ${sql.identifier(column.name)} = ${row.url}`,
      );
    }
    return rows.length;
  }
}

/** Runs the sweep every few minutes while the app runs. */
export function scheduleRemovedImagesSweep(app: FastifyInstance, removed: RemovedImages): void {
  scheduleEvery(app, { name: 'removed images sweep', everyMs: SWEEP_EVERY_MS, run: () => removed.sweep() });
}
