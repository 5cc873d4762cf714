/**
 * Reports (docs/moderation.md): one per reporter and item, sent again to change its reason. Each
 * report opens (or reopens) the item's moderation case in the same transaction; once enough distinct
 * people reported it (REPORT_THRESHOLD) the item is masked and its author told, once. Nobody but the
 * server ever learns who reported.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { type CrisisResource, type ReportBody, SAFETY } from '../../../src/domain/safety.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { comments, moderationCases, polls, posts, reports, rooms, users } from '../../db/schema.ts';
import { httpError } from '../../infra/errors.ts';
import { currentVersion } from '../edits/versions.ts';
import type { NotificationService } from '../notifications/service.ts';
import { findTarget, kindNoun, noticeTarget, setModeration, type Target } from './targets.ts';
import { checkWriteLimit } from './writeLimit.ts';

export interface ReportAnswer {
  status: 200 | 201;
  msg: string;
  crisis?: CrisisResource[];
}

const TABLES = { post: posts, poll: polls, comment: comments, room: rooms, user: users } as const;

export class ReportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifications: NotificationService,
  ) {}

  /**
   * A report whose reporter's word weighs toward a mask (docs/moderation.md "Masks"): an account at
   * least MASK_MIN_ACCOUNT_DAYS old, made before the item, that has posted, run a poll or commented.
   * Three accounts made for the purpose do not hide anything; their reports still reach moderators.
   */
  private weighty(target: Target) {
    const days = this.ctx.config.safety.maskMinAccountDays;
    if (days === 0) return sql`true`;
    const table = TABLES[target.kind];
    return sql`exists (select 1 from ${users} u where u.id = ${reports.reporterId}
      and u.created_at <= now() - make_interval(days => ${days})
      and u.created_at <= (select t.created_at from ${table} t where t.id = ${target.id})
      and (exists (select 1 from ${posts} p where p.user_id = u.id)
        or exists (select 1 from ${polls} q where q.user_id = u.id)
        or exists (select 1 from ${comments} c where c.user_id = u.id)))`;
  }

  async report(reporterId: string, body: ReportBody): Promise<ReportAnswer> {
    const created = await this.ctx.db.transaction(async (tx) => {
      const target = await findTarget(body.kind, body.id, reporterId, tx);
      if (!target || target.gone || !target.readable || target.moderation === 'removed') {
        throw httpError(404, SAFETY.itemNotFound);
      }
      if (target.authorId === reporterId) throw httpError(403, SAFETY.reportSelf);
      const status = await this.lockCase(target, tx);
      const isNew = await this.saveReport(reporterId, target, body, tx);
      await this.count(target, status, tx);
      return isNew;
    });
    const crisis = body.reason === 'selfHarm' ? { crisis: this.ctx.config.safety.crisisResources } : {};
    return created
      ? { status: 201, msg: SAFETY.reportSent, ...crisis }
      : { status: 200, msg: SAFETY.reportUpdated, ...crisis };
  }

  /**
   * The item's case, locked: reports of one item are counted one at a time. A case closed by a
   * dismissal opens again, its count starting over.
   */
  private async lockCase(target: Target, tx: Tx) {
    const now = this.ctx.now();
    await tx
      .insert(moderationCases)
      .values({ kind: target.kind, targetId: target.id, authorId: target.authorId, firstReportedAt: now })
      .onConflictDoNothing();
    const where = and(eq(moderationCases.kind, target.kind), eq(moderationCases.targetId, target.id));
    const [found] = await tx
      .select({ status: moderationCases.status })
      .from(moderationCases)
      .where(where)
      .for('update');
    if (!found) throw new Error('the moderation case was not written');
    if (found.status !== 'dismissed') return found.status;
    await tx
      .update(moderationCases)
      .set({
        status: 'open',
        reporters: 0,
        authorId: target.authorId,
        firstReportedAt: now,
        proposedBy: null,
        confirmedBy: null,
        rule: null,
        ruleNote: null,
        proposedAt: null,
        removedAt: null,
      })
      .where(where);
    return 'open' as const;
  }

  /** Writes the report or changes its reason: true when it is the reporter's first on this item. */
  private async saveReport(reporterId: string, target: Target, body: ReportBody, tx: Tx) {
    const mine = and(
      eq(reports.reporterId, reporterId),
      eq(reports.kind, target.kind),
      eq(reports.targetId, target.id),
    );
    const note = body.note || null;
    // The text as the reporter read it now: moderators see that version if the author edits it (issue 33).
    const version = currentVersion(target.id);
    const [existing] = await tx.select({ id: reports.id }).from(reports).where(mine);
    if (existing) {
      await tx.update(reports).set({ reason: body.reason, note, version }).where(eq(reports.id, existing.id));
      return false;
    }
    await checkWriteLimit(this.ctx, tx, reporterId, 'reports');
    await tx.insert(reports).values({
      reporterId,
      kind: target.kind,
      targetId: target.id,
      reason: body.reason,
      note,
      version,
      createdAt: this.ctx.now(),
    });
    return true;
  }

  /**
   * Stores the count of distinct reporters (the moderators' queue counts them all); at the threshold of
   * reporters whose word weighs (`weighty`) the item is masked and its author told.
   */
  private async count(target: Target, status: string, tx: Tx) {
    const [row] = await tx
      .select({
        n: count(),
        weighty: sql<number>`count(*) filter (where ${this.weighty(target)})`.mapWith(Number),
      })
      .from(reports)
      .where(and(eq(reports.kind, target.kind), eq(reports.targetId, target.id)));
    const reporters = row?.n ?? 0;
    const weighty = row?.weighty ?? 0;
    await tx
      .update(moderationCases)
      .set({ reporters })
      .where(and(eq(moderationCases.kind, target.kind), eq(moderationCases.targetId, target.id)));
    const decided = status === 'removed';
    if (decided || weighty < this.ctx.config.safety.reportThreshold || target.moderation === 'masked') return;
    await setModeration(target.kind, target.id, 'masked', tx);
    if (!target.authorId) return;
    await this.notifications.notifyOnce(
      {
        kind: 'masked',
        toUser: target.authorId,
        fromUser: null,
        ...noticeTarget(target.kind, target.id),
        title: `Your ${kindNoun(target.kind)} is hidden after reports`,
        body: target.label,
      },
      tx,
    );
  }
}
