/**
 * The one rule of what a viewer may see (docs/moderation.md "What a viewer sees"). Every read path
 * (feeds, topic and room pages, profile tabs, search, post and poll pages, comment threads,
 * notifications) builds its filter and its moderation flags here:
 *
 * - a private room's content only reaches its joined members, and a removed room's reaches nobody;
 * - removed items reach nobody in lists (their own page answers 410 with the rule);
 * - the blocker never sees the blocked person's posts, polls or comments (threads keep a collapsed line);
 * - a person's hidden posts and polls leave their feeds;
 * - masked posts, polls and comments stay in lists, behind "View anyway" for everyone but their author
 *   and moderators; masked rooms and accounts leave search and the side bar for everyone but their
 *   owner (the account itself) and moderators, and their page waits behind "View anyway";
 * - a moderator who has not joined a private room reads, read-only, each item of it that members
 *   reported (`underReview`), on its own page and nowhere else; every such read is recorded.
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { HideKind, ReportKind, SafetyFlags } from '../../../src/domain/safety.ts';
import type { Who } from '../../db/prepared.ts';
import { blocks, comments, hiddenItems, polls, posts, reports, roomMembers, rooms } from '../../db/schema.ts';
import { viewerIsModerator } from './moderators.ts';

/** The columns of an item the rule reads. `room` is absent for kinds that live outside rooms. */
export interface ItemColumns {
  id: AnyPgColumn;
  /** The author; nullable for comments whose author left. */
  userId: AnyPgColumn;
  moderation: AnyPgColumn;
  room?: AnyPgColumn;
}

const none = sql`false`;

/**
 * Who is looking: a user id, nobody (a visitor), a SQL expression of user ids when one query asks
 * for many viewers at once (the live stream's fan-out, server/modules/live/deliver.ts), or the
 * placeholder of a prepared query (`viewerParam`), bound to a user id at each execution.
 */
export type ViewerRef = string | SQL | Placeholder | null;

/** MODERATORS (lower-cased usernames), or the placeholder of a prepared query bound to them. */
export type Moderators = string[] | Placeholder;

/** The viewer as a query is written for them: their id (or its placeholder, or nobody) and MODERATORS. */
export interface ViewerSql {
  id: ViewerRef;
  moderators: Moderators;
}

/**
 * The viewer of a prepared query (db/prepared.ts): the text differs only between a visitor and a
 * signed-in viewer; who they are, and whether they moderate, are values (`viewerValues`).
 */
export const viewerParam = sql.placeholder('viewer');
export const moderatorsParam = sql.placeholder('mods');
export const viewerSql = (who: Who): ViewerSql => ({
  id: who === 'member' ? viewerParam : null,
  moderators: moderatorsParam,
});
export const viewerValues = (viewer: Viewer) => ({ viewer: viewer.id, mods: viewer.moderators });

/** Content whose room column is `room` (null: topic content) the viewer may read. */
export function roomReadable(room: AnyPgColumn | SQL, viewerId: ViewerRef): SQL {
  const joined = viewerId
    ? sql` or exists (select 1 from ${roomMembers} m where m.room_id = r.id and m.user_id = ${viewerId} and m.joined)`
    : sql``;
  return sql`(${room} is null or exists (select 1 from ${rooms} r where r.id = ${room}
    and r.moderation is distinct from 'removed' and (not r.private${joined})))`;
}

/**
 * The item (`kind`, `id`, in room `room`) reaches the viewer as a reported item under review
 * (docs/moderation.md "Private rooms"): the viewer moderates, cannot read the room as a member, the
 * room is not removed, and members reported the item (a report stays until moderators dismiss it;
 * only those who can read an item can report it). Only that item: its room, its thread and the
 * room's other items stay closed.
 */
export function underReview(
  kind: ReportKind,
  id: AnyPgColumn | SQL,
  room: AnyPgColumn | SQL,
  viewerId: ViewerRef,
  mods: Moderators,
): SQL<boolean> {
  if (!viewerId) return none as SQL<boolean>;
  return sql<boolean>`(${viewerIsModerator(viewerId, mods)} and not ${roomReadable(room, viewerId)}
    and exists (select 1 from ${rooms} rr where rr.id = ${room} and rr.moderation is distinct from 'removed')
    and exists (select 1 from ${reports} rp where rp.kind = ${kind} and rp.target_id = ${id}))`;
}

/** The author is someone the viewer blocked. */
export function blockedByViewer(author: AnyPgColumn, viewerId: ViewerRef): SQL {
  if (!viewerId) return none;
  return sql`exists (select 1 from ${blocks} b where b.blocker_id = ${viewerId} and b.blocked_id = ${author})`;
}

function hiddenByViewer(kind: HideKind, id: AnyPgColumn, viewerId: ViewerRef): SQL {
  if (!viewerId) return none;
  return sql`exists (select 1 from ${hiddenItems} h where h.user_id = ${viewerId} and h.kind = ${kind}
    and h.target_id = ${id})`;
}

const notRemoved = (item: ItemColumns) => sql`${item.moderation} is distinct from 'removed'`;

/** What an item's own page may show: a readable room; removal and blocks are told apart by the caller. */
export const pageReadable = (item: ItemColumns, viewerId: ViewerRef): SQL =>
  item.room ? roomReadable(item.room, viewerId) : sql`true`;

/**
 * Posts and polls a list may show the viewer: readable room, not removed, not by someone the viewer
 * blocked, and, in feeds (`feed: true`), not hidden by the viewer. Profiles list what was hidden too.
 */
export function listable(
  kind: HideKind,
  item: ItemColumns,
  viewerId: ViewerRef,
  { feed }: { feed: boolean },
): SQL {
  const parts = [notRemoved(item), sql`not ${blockedByViewer(item.userId, viewerId)}`];
  if (item.room) parts.unshift(roomReadable(item.room, viewerId));
  if (feed) parts.push(sql`not ${hiddenByViewer(kind, item.id, viewerId)}`);
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** Comments a profile may list: on readable posts not removed, not removed, not by someone the viewer blocked. */
export function commentListable(
  comment: ItemColumns,
  post: { room: AnyPgColumn; moderation: AnyPgColumn },
  viewerId: ViewerRef,
): SQL {
  return sql`(${roomReadable(post.room, viewerId)} and ${post.moderation} is distinct from 'removed'
    and ${notRemoved(comment)} and not ${blockedByViewer(comment.userId, viewerId)})`;
}

/**
 * Notifications a person may read: none from someone they blocked, and none about an item removed
 * since (the removal notice, the reporters' outcome and the appeal's outcome say what happened instead).
 */
export function noticeVisible(
  notice: {
    kind: AnyPgColumn;
    fromUser: AnyPgColumn;
    postId: AnyPgColumn;
    pollId: AnyPgColumn;
    commentId: AnyPgColumn;
    roomId: AnyPgColumn;
  },
  viewerId: ViewerRef,
): SQL {
  const removed = (table: typeof posts | typeof polls | typeof comments | typeof rooms, id: AnyPgColumn) =>
    sql`exists (select 1 from ${table} x where x.id = ${id} and x.moderation = 'removed')`;
  return sql`(not ${blockedByViewer(notice.fromUser, viewerId)} and (${notice.kind} in ('removal', 'roomRemoval', 'reportOutcome', 'appealOutcome')
    or not (${removed(posts, notice.postId)} or ${removed(polls, notice.pollId)}
      or ${removed(comments, notice.commentId)} or ${removed(rooms, notice.roomId)})))`;
}

/** What a mask reads of an item: its author (a room's owner, the account itself) and its state. */
export interface MaskedColumns {
  userId: AnyPgColumn;
  moderation: AnyPgColumn;
}

/** The viewer sees past a mask: the item's author (owner, the account itself) or a moderator. */
function seesPastMask(item: MaskedColumns, viewerId: ViewerRef, mods: Moderators): SQL {
  return viewerId ? sql`(${item.userId} = ${viewerId} or ${viewerIsModerator(viewerId, mods)})` : none;
}

/** Not removed, and not masked unless the viewer sees past the mask: what search and the side bar list. */
const unmaskedForViewer = (item: MaskedColumns, viewerId: ViewerRef, mods: Moderators): SQL =>
  sql`(${item.moderation} is null or (${item.moderation} = 'masked' and ${seesPastMask(item, viewerId, mods)}))`;

/** Rooms a list or search may show: not removed, and not masked but to its owner and moderators. */
export const roomListable = (
  room: { creatorId: AnyPgColumn; moderation: AnyPgColumn },
  viewerId: ViewerRef,
  mods: Moderators,
): SQL => unmaskedForViewer({ userId: room.creatorId, moderation: room.moderation }, viewerId, mods);

/**
 * Accounts a search may show: not removed, not masked but to the account itself and moderators, not
 * blocked by the viewer.
 */
export const userListable = (
  user: { id: AnyPgColumn; moderation: AnyPgColumn },
  viewerId: ViewerRef,
  mods: Moderators,
) =>
  sql`(${unmaskedForViewer({ userId: user.id, moderation: user.moderation }, viewerId, mods)}
    and not ${blockedByViewer(user.id, viewerId)})`;

/**
 * An item's mask as read by the viewer, as columns of the same query: masked for this viewer (behind
 * "View anyway"), and masked for others (the viewer wrote it, owns it, is it, or moderates).
 */
export function maskColumns(item: MaskedColumns, viewerId: ViewerRef, mods: Moderators) {
  const privileged = seesPastMask(item, viewerId, mods);
  const masked = sql`${item.moderation} = 'masked'`;
  return {
    masked: sql<boolean>`coalesce(${masked} and not ${privileged}, false)`,
    maskedForOthers: sql<boolean>`coalesce(${masked} and ${privileged}, false)`,
  };
}

/**
 * The moderation flags of an item as read by the viewer, as columns of the same query: its mask
 * (`maskColumns`) and a self-harm report on the viewer's own item.
 */
export function safetyColumns(kind: ReportKind, item: ItemColumns, viewerId: ViewerRef, mods: Moderators) {
  const ownSelfHarm = viewerId
    ? sql<boolean>`(${item.userId} = ${viewerId} and exists (select 1 from ${reports} rp
        where rp.kind = ${kind} and rp.target_id = ${item.id} and rp.reason = 'selfHarm'))`
    : (none as SQL<boolean>);
  return {
    ...maskColumns(item, viewerId, mods),
    selfHarmReported: sql<boolean>`coalesce(${ownSelfHarm}, false)`,
  };
}

export interface SafetyRead {
  masked: boolean;
  maskedForOthers: boolean;
  selfHarmReported: boolean;
}

/** True when the text holds one of the crisis keywords (whole words or phrases, any letter case). */
export function mentionsCrisis(text: string, keywords: string[]): boolean {
  const lower = text.toLowerCase();
  return keywords.some((word) => {
    const at = lower.indexOf(word);
    if (at < 0) return false;
    const before = lower[at - 1];
    const after = lower[at + word.length];
    return !(before && /\p{L}/u.test(before)) && !(after && /\p{L}/u.test(after));
  });
}

/**
 * The flags an answer carries. Crisis help reaches only the author: their item matched the keywords
 * (`text`) or was reported for self-harm.
 */
export function toSafetyFlags(
  read: SafetyRead,
  isAuthor: boolean,
  text: string,
  keywords: string[],
): SafetyFlags {
  return {
    masked: read.masked,
    maskedForOthers: read.maskedForOthers,
    crisisHelp: isAuthor && (read.selfHarmReported || mentionsCrisis(text, keywords)),
  };
}

/** Who reads, with the settings the rule needs: MODERATORS and the crisis keywords. */
export interface Viewer {
  id: string | null;
  moderators: string[];
  crisisKeywords: string[];
}

export const viewerOf = (
  config: { safety: { moderators: string[]; crisisKeywords: string[] } },
  id: string | null,
): Viewer => ({ id, moderators: config.safety.moderators, crisisKeywords: config.safety.crisisKeywords });
