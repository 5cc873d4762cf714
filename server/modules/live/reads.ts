/**
 * What the live streams read when the bus says something changed: the same read paths as every
 * other route (notifications, comment threads) and, for many watchers at once, the one visibility
 * rule asked for all of them in one query.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Comment, Notification } from '../../../src/domain/entities.ts';
import type { LiveEvents, Watch } from '../../../src/domain/live.ts';
import type { Executor } from '../../db/client.ts';
import { comments, pollOptions, polls, posts, rooms } from '../../db/schema.ts';
import type { CommentService } from '../comments/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import { pollItem } from '../polls/read.ts';
import { postItem } from '../posts/read.ts';
import { listable, roomReadable } from '../safety/visibility.ts';

export type ItemKind = 'post' | 'poll';

const items = {
  post: { table: posts, columns: postItem },
  poll: { table: polls, columns: pollItem },
} as const;

/** An event's data, the room of its item, and the viewers (of those asked about) who may read it. */
export type TallyName = 'post.tally' | 'comment.tally' | 'poll.tally' | 'post.edited' | 'poll.edited';

export interface Tallied<K extends TallyName> {
  data: LiveEvents[K];
  room: string | null;
  readers: Set<string>;
}

/** What each tally read returns beside its counts: the item's room and who may read it. */
interface ItemRow {
  room: string | null;
  readers: string[];
}
type VotesRow = ItemRow & { upvotes: number; downvotes: number };

const tallied = <K extends TallyName>(row: ItemRow, data: LiveEvents[K]): Tallied<K> => ({
  data,
  room: row.room,
  readers: new Set(row.readers),
});

/** The ids among `viewerIds` for whom the row's post or poll is listable, as a column (text[]). */
function readersAmong(kind: ItemKind, viewerIds: string[]) {
  const { columns } = items[kind];
  return sql<string[]>`array(select v.viewer::text
    from unnest(string_to_array(${viewerIds.join(',')}, ',')::uuid[]) as v(viewer)
    where ${listable(kind, columns, sql`v.viewer`, { feed: false })})`;
}

/** A timestamp of a raw row (PGlite answers a Date, node-postgres too, a string on some paths). */
const isoOf = (at: string | Date) => new Date(at).toISOString();

export class LiveReads {
  constructor(
    private readonly db: Executor,
    private readonly services: { notifications: NotificationService; comments: CommentService },
  ) {}

  notification(userId: string, id: string): Promise<Notification | null> {
    return this.services.notifications.one(userId, id);
  }

  comment(id: string, viewerId: string): Promise<Comment | null> {
    return this.services.comments.one(id, viewerId);
  }

  /**
   * Which of `viewerIds` may see the post or poll where lists show it (readable room, not removed,
   * author not blocked), in one query for all of them.
   */
  async visibleTo(kind: ItemKind, id: string, viewerIds: string[]): Promise<Set<string>> {
    if (!viewerIds.length) return new Set();
    const { table, columns } = items[kind];
    const viewer = sql`v.viewer`;
    const result = await this.db.execute(sql`select v.viewer from ${table}
      cross join unnest(string_to_array(${viewerIds.join(',')}, ',')::uuid[]) as v(viewer)
      where ${columns.id} = ${id} and ${listable(kind, columns, viewer, { feed: false })}`);
    return new Set((result as unknown as { rows: { viewer: string }[] }).rows.map((row) => row.viewer));
  }

  /** Whether the viewer may watch this post, poll or room (what its own page would show them). */
  async watchable(watch: Watch, viewerId: string): Promise<boolean> {
    if (watch.kind !== 'room') return (await this.visibleTo(watch.kind, watch.id, [viewerId])).has(viewerId);
    const [room] = await this.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.id, watch.id), roomReadable(rooms.id, viewerId)));
    return room !== undefined;
  }

  /** A post's tally, its room, and which of `viewerIds` may read it: one query. */
  async postTally(id: string, viewerIds: string[]): Promise<Tallied<'post.tally'> | null> {
    const row = await this.first<VotesRow>(
      sql`select ${posts.upvotes} as upvotes, ${posts.downvotes} as downvotes, ${posts.subCommunity} as room,
        ${readersAmong('post', viewerIds)} as readers
      from ${posts} where ${posts.id} = ${id}`,
    );
    return row && tallied(row, { postId: id, upvotes: row.upvotes, downvotes: row.downvotes });
  }

  /** A comment's tally, and which of `viewerIds` may read its post: one query. */
  async commentTally(
    postId: string,
    id: string,
    viewerIds: string[],
  ): Promise<Tallied<'comment.tally'> | null> {
    const row = await this.first<VotesRow>(
      sql`select ${comments.upvotes} as upvotes, ${comments.downvotes} as downvotes,
        ${posts.subCommunity} as room, ${readersAmong('post', viewerIds)} as readers
      from ${comments} join ${posts} on ${posts.id} = ${comments.postId}
      where ${comments.id} = ${id} and ${comments.postId} = ${postId}`,
    );
    return row && tallied(row, { postId, commentId: id, upvotes: row.upvotes, downvotes: row.downvotes });
  }

  /** A poll's options and total, its room, and which of `viewerIds` may read it: one query. */
  async pollTally(id: string, viewerIds: string[]): Promise<Tallied<'poll.tally'> | null> {
    const row = await this.first<ItemRow & { options: { id: string; votes: number }[] }>(
      sql`select ${polls.subCommunity} as room, ${readersAmong('poll', viewerIds)} as readers,
        coalesce((select json_agg(json_build_object('id', o.id, 'votes', o.votes) order by o.position)
          from ${pollOptions} o where o.poll_id = ${polls.id}), '[]'::json) as options
      from ${polls} where ${polls.id} = ${id}`,
    );
    if (!row) return null;
    const totalVotes = row.options.reduce((sum, option) => sum + option.votes, 0);
    return tallied(row, { pollId: id, options: row.options, totalVotes });
  }

  /** A post's edited body and when, its room, and which of `viewerIds` may read it: one query. */
  async postEdit(id: string, viewerIds: string[]): Promise<Tallied<'post.edited'> | null> {
    const row = await this.first<ItemRow & { body: string; edited_at: string | Date | null }>(
      sql`select ${posts.body} as body, ${posts.editedAt} as edited_at, ${posts.subCommunity} as room,
        ${readersAmong('post', viewerIds)} as readers
      from ${posts} where ${posts.id} = ${id}`,
    );
    return row?.edited_at
      ? tallied(row, { postId: id, body: row.body, editedAt: isoOf(row.edited_at) })
      : null;
  }

  /** A poll's edited question and when, its room, and which of `viewerIds` may read it: one query. */
  async pollEdit(id: string, viewerIds: string[]): Promise<Tallied<'poll.edited'> | null> {
    const row = await this.first<ItemRow & { title: string; edited_at: string | Date | null }>(
      sql`select ${polls.title} as title, ${polls.editedAt} as edited_at, ${polls.subCommunity} as room,
        ${readersAmong('poll', viewerIds)} as readers
      from ${polls} where ${polls.id} = ${id}`,
    );
    return row?.edited_at
      ? tallied(row, { pollId: id, title: row.title, editedAt: isoOf(row.edited_at) })
      : null;
  }

  /**
   * The first row of a query written in SQL: there every column is named with its table, which a
   * one-table select of the query builder does not do (a bare "id" inside a subquery would be the
   * subquery's own).
   */
  private async first<T>(query: SQL): Promise<T | null> {
    const result = await this.db.execute(query);
    return (result as unknown as { rows: T[] }).rows[0] ?? null;
  }
}
