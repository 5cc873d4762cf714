/**
 * Appeals (docs/moderation.md "Appeals"): the author of an item moderators removed appeals once; the
 * appeal waits in the moderators' queue; a moderator who neither proposed nor confirmed the removal
 * restores the item (its case closes and the visibility rule shows it again) or upholds the removal;
 * the author is told, and the public log shows the outcome beside the removal. Each decision locks
 * the appeal's row, so two moderators answering at once end with one answer.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppealBody, AppealDecision, AppealItem } from '../../../src/domain/appealSchemas.ts';
import { APPEALS } from '../../../src/domain/appeals.ts';
import { ruleText } from '../../../src/domain/safety.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { appeals, comments, moderationCases, polls, posts, rooms, users } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import type { NotificationService } from '../notifications/service.ts';
import { caseOf, closeCase, type ModerationService } from './moderation.ts';
import { COMMENT_LABEL, findTarget, noticeTarget } from './targets.ts';

export interface AppealPage {
  offset: number;
  limit: number;
}

const appealOf = (kind: AppealBody['kind'], id: string) =>
  and(eq(appeals.kind, kind), eq(appeals.targetId, id));

export class AppealService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { notifications: NotificationService; moderation: ModerationService },
  ) {}

  /**
   * The author's appeal: 404 for no such item, 403 for anyone but its author, 409 when moderators did
   * not remove it or it was appealed already.
   */
  async appeal(authorId: string, body: AppealBody): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const target = await findTarget(body.kind, body.id, null, tx);
      if (!target) throw httpError(404, APPEALS.notFound);
      if (target.authorId !== authorId) throw httpError(403, APPEALS.onlyAuthor);
      const [removal] = await tx.select().from(moderationCases).where(caseOf(target));
      if (removal?.status !== 'removed' || !removal.rule || !removal.removedAt) {
        throw httpError(409, APPEALS.notRemoved);
      }
      const [saved] = await tx
        .insert(appeals)
        .values({
          kind: body.kind,
          targetId: target.id,
          authorId,
          text: body.text,
          rule: removal.rule,
          ruleNote: removal.ruleNote,
          removedAt: removal.removedAt,
          createdAt: this.ctx.now(),
        })
        .onConflictDoNothing()
        .returning({ kind: appeals.kind });
      if (!saved) throw httpError(409, APPEALS.already);
    });
  }

  /** Appeals waiting for a moderator, oldest first, each saying whether the viewer may decide it. */
  async queue(moderatorId: string, page: AppealPage): Promise<AppealItem[]> {
    const rows = await this.ctx.db
      .select({
        appeal: appeals,
        proposedBy: moderationCases.proposedBy,
        confirmedBy: moderationCases.confirmedBy,
        // The item's name, from whichever table its kind is in (one query for the page).
        label: sql<
          string | null
        >`coalesce(${posts.title}, ${polls.title}, left(${comments.body}, ${COMMENT_LABEL}), ${rooms.title}, ${users.username})`,
      })
      .from(appeals)
      .leftJoin(
        moderationCases,
        and(eq(moderationCases.kind, appeals.kind), eq(moderationCases.targetId, appeals.targetId)),
      )
      .leftJoin(posts, and(eq(appeals.kind, 'post'), eq(posts.id, appeals.targetId)))
      .leftJoin(polls, and(eq(appeals.kind, 'poll'), eq(polls.id, appeals.targetId)))
      .leftJoin(comments, and(eq(appeals.kind, 'comment'), eq(comments.id, appeals.targetId)))
      .leftJoin(rooms, and(eq(appeals.kind, 'room'), eq(rooms.id, appeals.targetId)))
      .leftJoin(users, and(eq(appeals.kind, 'user'), eq(users.id, appeals.targetId)))
      .where(eq(appeals.status, 'pending'))
      .orderBy(asc(appeals.createdAt), asc(appeals.targetId))
      .offset(page.offset)
      .limit(page.limit);
    return rows.map(({ appeal, proposedBy, confirmedBy, label }) => ({
      kind: appeal.kind,
      id: appeal.targetId,
      label: label ?? '',
      ruleText: ruleText(appeal.rule, appeal.ruleNote),
      text: appeal.text,
      createdAt: appeal.createdAt.toISOString(),
      mayDecide: moderatorId !== proposedBy && moderatorId !== confirmedBy,
    }));
  }

  /**
   * A moderator's answer: 404 when no appeal waits, 409 when it was answered, 403 for a moderator who
   * proposed or confirmed the removal. Restoring closes the item's case and lifts the removal.
   */
  async decide(moderatorId: string, body: AppealDecision): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await this.deps.moderation.assertModerator(moderatorId, tx);
      const [appeal] = await tx.select().from(appeals).where(appealOf(body.kind, body.id)).for('update');
      if (!appeal) throw httpError(404, APPEALS.noAppeal);
      if (appeal.status !== 'pending') throw httpError(409, APPEALS.decided);
      const target = { kind: appeal.kind, id: appeal.targetId };
      const [removal] = await tx.select().from(moderationCases).where(caseOf(target)).for('update');
      if (removal?.proposedBy === moderatorId || removal?.confirmedBy === moderatorId) {
        throw httpError(403, APPEALS.tookPart);
      }
      await tx
        .update(appeals)
        .set({ status: body.outcome, decidedBy: moderatorId, decidedAt: this.ctx.now() })
        .where(appealOf(body.kind, appeal.targetId));
      if (body.outcome === 'restored') await closeCase(target, 'removed', tx);
      await this.tell(appeal, body.outcome, tx);
    });
  }

  /** The author's notice of the outcome, naming the item as the removal notice did. */
  private async tell(appeal: typeof appeals.$inferSelect, outcome: AppealDecision['outcome'], tx: Tx) {
    const target = await findTarget(appeal.kind, appeal.targetId, null, tx);
    await this.deps.notifications.notify(
      {
        kind: 'appealOutcome',
        toUser: appeal.authorId,
        fromUser: null,
        ...noticeTarget(appeal.kind, appeal.targetId),
        title: APPEALS.noticeTitle(outcome),
        body: target?.label ?? '',
      },
      tx,
    );
  }
}
