/**
 * The moderation queue and the public removal log. The queue is one query a page: each open or
 * proposed case with its item joined by kind (label, link, mask), its author, and its reports
 * aggregated in SQL (reasons with counts, the notes). Neither ever names a reporter or a moderator,
 * except the viewer's own proposal (`mine`).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppealOutcome } from '../../../src/domain/appeals.ts';
import { commentPath, postPath, roomPath } from '../../../src/domain/roomRoutes.ts';
import {
  type LogEntry,
  type QueueItem,
  type ReportKind,
  type ReportReason,
  ruleText,
} from '../../../src/domain/safety.ts';
import type { AppContext } from '../../context.ts';
import { appeals, comments, moderationCases, polls, posts, reports, rooms, users } from '../../db/schema.ts';
import { reportedText } from '../edits/versions.ts';
import { COMMENT_LABEL } from './targets.ts';

export interface ModerationPage {
  offset: number;
  limit: number;
}

const author = alias(users, 'author');
const account = alias(users, 'account');

const of = (kind: ReportKind) => eq(moderationCases.kind, kind);
const reportsOfCase = sql`r.kind = ${moderationCases.kind} and r.target_id = ${moderationCases.targetId}`;

export const profilePath = (username: string) => `/u/${encodeURIComponent(username)}`;

export class ModerationQueue {
  constructor(private readonly ctx: AppContext) {}

  async queue(viewerId: string, page: ModerationPage): Promise<QueueItem[]> {
    const rows = await this.ctx.db
      .select({
        c: moderationCases,
        author: author.username,
        // Flat columns: drizzle turns a nested object of a left join whose columns are all null into null.
        postTitle: posts.title,
        postRoom: posts.subCommunity,
        postModeration: posts.moderation,
        pollTitle: polls.title,
        pollModeration: polls.moderation,
        commentLabel: sql<string | null>`left(${comments.body}, ${COMMENT_LABEL})`,
        commentModeration: comments.moderation,
        roomTitle: rooms.title,
        roomCreatorId: rooms.creatorId,
        roomModeration: rooms.moderation,
        username: account.username,
        userModeration: account.moderation,
        reasons: sql<{ reason: ReportReason; count: number }[]>`(select coalesce(json_agg(json_build_object(
          'reason', x.reason, 'count', x.n) order by x.n desc, x.reason), '[]'::json)
          from (select r.reason, count(*)::int as n from ${reports} r where ${reportsOfCase} group by r.reason) x)`,
        notes: sql<string[]>`(select coalesce(json_agg(r.note order by r.created_at), '[]'::json)
          from ${reports} r where ${reportsOfCase} and coalesce(r.note, '') <> '')`,
        reportedText: reportedText(moderationCases.targetId, reportsOfCase),
      })
      .from(moderationCases)
      .leftJoin(author, eq(author.id, moderationCases.authorId))
      .leftJoin(posts, and(of('post'), eq(posts.id, moderationCases.targetId)))
      .leftJoin(polls, and(of('poll'), eq(polls.id, moderationCases.targetId)))
      .leftJoin(comments, and(of('comment'), eq(comments.id, moderationCases.targetId)))
      .leftJoin(rooms, and(of('room'), eq(rooms.id, moderationCases.targetId)))
      .leftJoin(account, and(of('user'), eq(account.id, moderationCases.targetId)))
      .where(
        and(
          inArray(moderationCases.status, ['open', 'proposed']),
          // An item deleted since its reports leaves the queue, and so does one its room's owner removed.
          sql`coalesce(${posts.id}, ${polls.id}, ${comments.id}, ${rooms.id}, ${account.id}) is not null`,
          sql`coalesce(${posts.moderation}, ${polls.moderation}, ${comments.moderation}) is distinct from 'removed'`,
        ),
      )
      .orderBy(asc(moderationCases.firstReportedAt), asc(moderationCases.targetId))
      .offset(page.offset)
      .limit(page.limit);
    return rows.map((row) => {
      const { c } = row;
      const item = describe(row);
      return {
        kind: c.kind,
        id: c.targetId,
        label: item.label,
        href: item.href,
        author: row.author,
        reporters: c.reporters,
        reasons: row.reasons,
        notes: row.notes,
        reportedText: row.reportedText,
        firstReportedAt: c.firstReportedAt.toISOString(),
        masked: item.moderation === 'masked',
        proposal:
          c.status === 'proposed' && c.rule && c.proposedAt
            ? {
                rule: c.rule,
                ruleText: ruleText(c.rule, c.ruleNote),
                mine: c.proposedBy === viewerId,
                proposedAt: c.proposedAt.toISOString(),
              }
            : null,
      };
    });
  }

  /**
   * Removals, newest first: what was removed and under which rule, when, and the answer to its appeal.
   * A restored item's case is closed, so its removal is read from the appeal that answered it.
   */
  async log(page: ModerationPage): Promise<LogEntry[]> {
    const result = await this.ctx.db.execute(sql`
      select kind, target_id, rule, rule_note, removed_at, appeal from (
        select c.kind, c.target_id, c.rule, c.rule_note, c.removed_at,
          case when a.status = 'upheld' then 'upheld' end as appeal
        from ${moderationCases} c
        left join ${appeals} a on a.kind = c.kind and a.target_id = c.target_id and a.removed_at = c.removed_at
        where c.status = 'removed'
        union all
        select a.kind, a.target_id, a.rule, a.rule_note, a.removed_at, 'restored' as appeal
        from ${appeals} a where a.status = 'restored'
      ) l
      order by removed_at desc, target_id desc
      offset ${page.offset} limit ${page.limit}`);
    // execute() is typed for any driver; PGlite and node-postgres both answer { rows }.
    const { rows } = result as unknown as { rows: LogRow[] };
    return rows.flatMap(({ kind, rule, rule_note, removed_at, appeal }) =>
      rule && removed_at
        ? [
            {
              kind,
              ruleText: ruleText(rule, rule_note),
              removedAt: new Date(removed_at).toISOString(),
              appeal,
            },
          ]
        : [],
    );
  }
}

interface LogRow {
  kind: ReportKind;
  rule: ReportReason | null;
  rule_note: string | null;
  removed_at: string | Date | null;
  appeal: AppealOutcome | null;
}

interface Joined {
  c: { kind: ReportKind; targetId: string };
  postTitle: string | null;
  postRoom: string | null;
  postModeration: string | null;
  pollTitle: string | null;
  pollModeration: string | null;
  commentLabel: string | null;
  commentModeration: string | null;
  roomTitle: string | null;
  roomCreatorId: string | null;
  roomModeration: string | null;
  username: string | null;
  userModeration: string | null;
}

/** The item's label, where the client reads it, and its moderation state, from its joined row. */
function describe(row: Joined): { label: string; href: string; moderation: string | null } {
  const id = row.c.targetId;
  const roomOf = (room: string | null) => (room ? { id: room } : null);
  switch (row.c.kind) {
    case 'post':
      return {
        label: row.postTitle ?? '',
        href: postPath({ id, room: roomOf(row.postRoom) }),
        moderation: row.postModeration,
      };
    case 'poll':
      return { label: row.pollTitle ?? '', href: `/poll/${id}`, moderation: row.pollModeration };
    case 'comment':
      // Its own page: a reported comment of a private room opens there alone for moderators who
      // have not joined, while its post's page stays closed to them (docs/moderation.md "Private rooms").
      return { label: row.commentLabel ?? '', href: commentPath(id), moderation: row.commentModeration };
    case 'room':
      return {
        label: row.roomTitle ?? '',
        href: roomPath({ CreatorId: row.roomCreatorId ?? '', title: row.roomTitle ?? '' }),
        moderation: row.roomModeration,
      };
    case 'user':
      return {
        label: row.username ?? '',
        href: profilePath(row.username ?? ''),
        moderation: row.userModeration,
      };
  }
}
