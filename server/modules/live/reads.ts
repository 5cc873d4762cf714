/**
 * What the live streams read when the bus says something changed: the same read paths as every
 * other route (notifications, comment threads) and, for many watchers at once, the one visibility
 * rule asked for all of them in one query.
 */
import { and, eq, sql } from 'drizzle-orm';
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

  async postTally(id: string): Promise<(LiveEvents['post.tally'] & { room: string | null }) | null> {
    const [row] = await this.db
      .select({ upvotes: posts.upvotes, downvotes: posts.downvotes, room: posts.subCommunity })
      .from(posts)
      .where(eq(posts.id, id));
    return row ? { postId: id, ...row } : null;
  }

  async commentTally(postId: string, id: string): Promise<LiveEvents['comment.tally'] | null> {
    const [row] = await this.db
      .select({ upvotes: comments.upvotes, downvotes: comments.downvotes })
      .from(comments)
      .where(eq(comments.id, id));
    return row ? { postId, commentId: id, ...row } : null;
  }

  async pollTally(id: string): Promise<(LiveEvents['poll.tally'] & { room: string | null }) | null> {
    const [poll] = await this.db.select({ room: polls.subCommunity }).from(polls).where(eq(polls.id, id));
    if (!poll) return null;
    const options = await this.db
      .select({ id: pollOptions.id, votes: pollOptions.votes })
      .from(pollOptions)
      .where(eq(pollOptions.pollId, id))
      .orderBy(pollOptions.position);
    const totalVotes = options.reduce((sum, option) => sum + option.votes, 0);
    return { pollId: id, options, totalVotes, room: poll.room };
  }
}
