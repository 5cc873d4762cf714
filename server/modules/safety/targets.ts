/**
 * The items reports and moderators name, by kind: a post, poll or comment by id, a room by id or
 * title, an account by username or id. One read per kind gives what safety needs of an item: its
 * author (the room's owner, the account itself), a label, its moderation state and whether the
 * viewer may read it (safety/visibility.ts); `setModeration` writes the state on the item's row.
 */
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReportKind } from '../../../src/domain/safety.ts';
import type { Executor } from '../../db/client.ts';
import { comments, polls, posts, rooms, users } from '../../db/schema.ts';
import type { ModerationState } from '../../db/tables/columns.ts';
import { roomReadable } from './visibility.ts';

export interface Target {
  kind: ReportKind;
  id: string;
  /** The author, the room's owner, or the account itself; null for a comment whose author left. */
  authorId: string | null;
  /** A title, the first words of a comment, a room title or a username. */
  label: string;
  moderation: ModerationState | null;
  /** Deleted for good, or inside a removed post: nothing to report. */
  gone: boolean;
  /** The viewer may read it: not in a private room they have not joined, nor in a removed one. */
  readable: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value.trim());

/** The label of a comment: its first 80 characters. */
export const COMMENT_LABEL = 80;

const byId = (column: AnyPgColumn, ref: string): SQL | null =>
  isUuid(ref) ? eq(column, ref.trim().toLowerCase()) : null;

async function readPost(ref: string, viewerId: string | null, tx: Executor) {
  const where = byId(posts.id, ref);
  if (!where) return null;
  const [row] = await tx
    .select({
      id: posts.id,
      authorId: posts.userId,
      label: posts.title,
      moderation: posts.moderation,
      readable: sql<boolean>`${roomReadable(posts.subCommunity, viewerId)}`,
    })
    .from(posts)
    .where(where);
  return row ? { ...row, gone: false } : null;
}

async function readPoll(ref: string, viewerId: string | null, tx: Executor) {
  const where = byId(polls.id, ref);
  if (!where) return null;
  const [row] = await tx
    .select({
      id: polls.id,
      authorId: polls.userId,
      label: polls.title,
      moderation: polls.moderation,
      readable: sql<boolean>`${roomReadable(polls.subCommunity, viewerId)}`,
    })
    .from(polls)
    .where(where);
  return row ? { ...row, gone: false } : null;
}

async function readComment(ref: string, viewerId: string | null, tx: Executor) {
  const where = byId(comments.id, ref);
  if (!where) return null;
  const [row] = await tx
    .select({
      id: comments.id,
      authorId: comments.userId,
      label: sql<string>`left(${comments.body}, ${COMMENT_LABEL})`,
      moderation: comments.moderation,
      gone: sql<boolean>`(${comments.deleted} or ${comments.userId} is null
        or ${posts.moderation} is not distinct from 'removed')`,
      readable: sql<boolean>`${roomReadable(posts.subCommunity, viewerId)}`,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(where);
  return row ?? null;
}

async function readRoom(ref: string, viewerId: string | null, tx: Executor) {
  const key = ref.trim();
  const [row] = await tx
    .select({
      id: rooms.id,
      authorId: rooms.creatorId,
      label: rooms.title,
      moderation: rooms.moderation,
      readable: sql<boolean>`${roomReadable(rooms.id, viewerId)}`,
    })
    .from(rooms)
    .where(isUuid(key) ? eq(rooms.id, key.toLowerCase()) : sql`lower(${rooms.title}) = lower(${key})`);
  return row ? { ...row, gone: false } : null;
}

async function readUser(ref: string, tx: Executor) {
  const key = ref.trim();
  const [row] = await tx
    .select({ id: users.id, label: users.username, moderation: users.moderation })
    .from(users)
    .where(
      and(
        isNotNull(users.verifiedAt),
        isUuid(key) ? eq(users.id, key.toLowerCase()) : sql`lower(${users.username}) = lower(${key})`,
      ),
    );
  return row ? { ...row, authorId: row.id, gone: false, readable: true } : null;
}

/** The item `ref` names, as `viewerId` would read it; null when there is no such item. */
export async function findTarget(
  kind: ReportKind,
  ref: string,
  viewerId: string | null,
  tx: Executor,
): Promise<Target | null> {
  const row =
    kind === 'post'
      ? await readPost(ref, viewerId, tx)
      : kind === 'poll'
        ? await readPoll(ref, viewerId, tx)
        : kind === 'comment'
          ? await readComment(ref, viewerId, tx)
          : kind === 'room'
            ? await readRoom(ref, viewerId, tx)
            : await readUser(ref, tx);
  return row ? { kind, ...row } : null;
}

const TABLES = { post: posts, poll: polls, comment: comments, room: rooms, user: users } as const;

/**
 * Writes the item's moderation state. `only` limits it to an item in that state (dismissing clears
 * a mask, never a removal).
 */
export async function setModeration(
  kind: ReportKind,
  id: string,
  state: ModerationState | null,
  tx: Executor,
  only?: ModerationState,
): Promise<void> {
  const table = TABLES[kind];
  const guard = only ? sql` and ${sql.identifier('moderation')} = ${only}` : sql``;
  await tx.execute(
    sql`update ${table} set ${sql.identifier('moderation')} = ${state} where ${sql.identifier('id')} = ${id}${guard}`,
  );
}

/** The target column of a notice about the item (an account's notices have none). */
export function noticeTarget(kind: ReportKind, id: string) {
  switch (kind) {
    case 'post':
      return { postId: id };
    case 'poll':
      return { pollId: id };
    case 'comment':
      return { commentId: id };
    case 'room':
      return { roomId: id };
    case 'user':
      return {};
  }
}

/** How a notice names the kind: "Your post", "Your account". */
export const kindNoun = (kind: ReportKind) => (kind === 'user' ? 'account' : kind);
