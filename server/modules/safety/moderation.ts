/**
 * What moderators do to a reported item (docs/moderation.md): dismiss the reports (the mask goes),
 * propose a removal under a rule, and confirm another moderator's proposal, which removes the item
 * and tells its author and its reporters. Each action locks the item's case row, so two
 * confirmations, or a confirmation and a dismissal, take their turns: one of them wins.
 */
import { and, eq } from 'drizzle-orm';
import { type ModerationTarget, type ProposalBody, ruleText, SAFETY } from '../../../src/domain/safety.ts';
import type { AppContext } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { moderationCases, reports } from '../../db/schema.ts';
import type { ModerationState } from '../../db/tables/columns.ts';
import { httpError } from '../../infra/errors.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { NotificationService } from '../notifications/service.ts';
import { isModerator } from './moderators.ts';
import { findTarget, noticeTarget, setModeration, type Target } from './targets.ts';

const REPORTER_NOTICE = 'An item you reported was removed';

export class ModerationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { notifications: NotificationService; sessions: SessionService },
  ) {}

  /** 403 for anyone but a moderator. */
  async assertModerator(userId: string, tx: Executor = this.ctx.db): Promise<void> {
    if (!(await isModerator(userId, this.ctx.config.safety.moderators, tx))) {
      throw httpError(403, SAFETY.notModerator);
    }
  }

  async dismiss(moderatorId: string, body: ModerationTarget): Promise<void> {
    await this.act(moderatorId, body, (target, _case, tx) => closeCase(target, 'masked', tx));
  }

  /** Proposing again, by the same or another moderator, replaces the proposal. */
  async propose(moderatorId: string, body: ProposalBody): Promise<void> {
    await this.act(moderatorId, body, async (target, _case, tx) => {
      await tx
        .update(moderationCases)
        .set({
          status: 'proposed',
          proposedBy: moderatorId,
          rule: body.rule,
          ruleNote: body.rule === 'other' ? (body.note ?? null) : null,
          proposedAt: this.ctx.now(),
        })
        .where(caseOf(target));
    });
  }

  async confirm(moderatorId: string, body: ModerationTarget): Promise<void> {
    await this.act(moderatorId, body, async (target, found, tx) => {
      if (found.status !== 'proposed' || !found.rule) throw httpError(409, SAFETY.noProposal);
      if (found.proposedBy === moderatorId) throw httpError(403, SAFETY.ownProposal);
      await tx
        .update(moderationCases)
        .set({ status: 'removed', confirmedBy: moderatorId, removedAt: this.ctx.now() })
        .where(caseOf(target));
      await setModeration(target.kind, target.id, 'removed', tx);
      if (target.kind === 'user') await this.deps.sessions.revokeAll(target.id, tx);
      await this.tell(target, ruleText(found.rule, found.ruleNote), tx);
    });
  }

  /**
   * Runs `action` on the item's open (or proposed) case, locked: 404 when there is none, 409 when
   * the item was removed already.
   */
  private async act(
    moderatorId: string,
    body: ModerationTarget,
    action: (target: Target, found: typeof moderationCases.$inferSelect, tx: Tx) => Promise<void>,
  ): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      await this.assertModerator(moderatorId, tx);
      const target = await findTarget(body.kind, body.id, null, tx);
      if (!target) throw httpError(404, SAFETY.nothingToModerate);
      const [found] = await tx.select().from(moderationCases).where(caseOf(target)).for('update');
      if (found?.status === 'removed') throw httpError(409, SAFETY.alreadyRemoved);
      if (!found || found.status === 'dismissed') throw httpError(404, SAFETY.nothingToModerate);
      await action(target, found, tx);
    });
  }

  /** The removal notices: the author's, and one to each reporter (never naming anyone). */
  private async tell(target: Target, rule: string, tx: Tx): Promise<void> {
    if (target.authorId) {
      await this.deps.notifications.notify(
        {
          kind: 'removal',
          toUser: target.authorId,
          fromUser: null,
          ...noticeTarget(target.kind, target.id),
          title: SAFETY.removedBy(rule),
          body: target.label,
        },
        tx,
      );
    }
    const reporters = await tx
      .select({ id: reports.reporterId })
      .from(reports)
      .where(and(eq(reports.kind, target.kind), eq(reports.targetId, target.id)));
    if (!reporters.length) return;
    await this.deps.notifications.notifyAll(
      reporters.map((reporter) => ({
        kind: 'reportOutcome' as const,
        toUser: reporter.id,
        fromUser: null,
        ...noticeTarget(target.kind, target.id),
        title: REPORTER_NOTICE,
        body: rule,
      })),
      tx,
    );
  }
}

export const caseOf = (target: Pick<Target, 'kind' | 'id'>) =>
  and(eq(moderationCases.kind, target.kind), eq(moderationCases.targetId, target.id));

/**
 * Closes the item's case: its reports go, it is shown to everyone again (`lifting` the mask of a
 * dismissal, or the removal of a restoring appeal), and reports made afterwards open a new case.
 */
export async function closeCase(
  target: Pick<Target, 'kind' | 'id'>,
  lifting: ModerationState,
  tx: Tx,
): Promise<void> {
  await tx
    .update(moderationCases)
    .set({
      status: 'dismissed',
      reporters: 0,
      proposedBy: null,
      confirmedBy: null,
      rule: null,
      ruleNote: null,
      proposedAt: null,
      removedAt: null,
    })
    .where(caseOf(target));
  await tx.delete(reports).where(and(eq(reports.kind, target.kind), eq(reports.targetId, target.id)));
  await setModeration(target.kind, target.id, null, tx, lifting);
}
