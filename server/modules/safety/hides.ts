/** Hides (docs/moderation.md): posts and polls a person took out of their own feeds, and back. */
import { and, eq } from 'drizzle-orm';
import { POLLS, POSTS } from '../../../src/domain/messages.ts';
import type { HideKind } from '../../../src/domain/safety.ts';
import type { AppContext } from '../../context.ts';
import { hiddenItems, polls, posts } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { isUuid } from './targets.ts';

export interface HideTarget {
  kind: HideKind;
  id: string;
}

export class HideService {
  constructor(private readonly ctx: AppContext) {}

  async hide(userId: string, target: HideTarget): Promise<void> {
    const targetId = await this.existing(target);
    await this.ctx.db
      .insert(hiddenItems)
      .values({ userId, kind: target.kind, targetId, createdAt: this.ctx.now() })
      .onConflictDoNothing();
  }

  async unhide(userId: string, target: HideTarget): Promise<void> {
    const targetId = await this.existing(target);
    await this.ctx.db
      .delete(hiddenItems)
      .where(
        and(
          eq(hiddenItems.userId, userId),
          eq(hiddenItems.kind, target.kind),
          eq(hiddenItems.targetId, targetId),
        ),
      );
  }

  /** The item's id: 404 for an unknown post or poll. */
  private async existing({ kind, id }: HideTarget): Promise<string> {
    const table = kind === 'post' ? posts : polls;
    const key = id.trim().toLowerCase();
    const [row] = isUuid(key)
      ? await this.ctx.db.select({ id: table.id }).from(table).where(eq(table.id, key))
      : [];
    if (!row) throw httpError(404, kind === 'post' ? POSTS.notFound : POLLS.notFound);
    return row.id;
  }
}
