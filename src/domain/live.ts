/**
 * The live event stream (`GET /api/events`, server-sent events; docs/api.md "Live events"): what the
 * server sends a signed-in tab and what the tab says it is looking at. Shared by the server
 * (server/modules/live) and the app's `events` actor (src/machines/events.machine.ts).
 *
 * A stream carries the viewer's own new notifications always, and the changes of the one post, poll
 * or room on screen (`watch`): vote tallies, new and deleted comments, poll tallies. Every event but
 * the heartbeat has an `id`; a reconnecting tab sends the last one it saw (`Last-Event-ID`, or the
 * `lastEventId` query parameter, since `EventSource` cannot set headers on its first request) and gets
 * what it missed, or `reload` when the server no longer holds that far back.
 */
import type { Comment, Notification } from './entities.ts';

export const EVENTS_PATH = '/api/events';

/** What a tab may watch: one post, poll or room, as `post:<id>`, `poll:<id>` or `room:<id>`. */
export const WATCH_KINDS = ['post', 'poll', 'room'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];
export interface Watch {
  kind: WatchKind;
  id: string;
}
export const watchParam = (watch: Watch): string => `${watch.kind}:${watch.id}`;

/** The events of the stream, by their SSE `event:` name, with the JSON of their `data:` line. */
export interface LiveEvents {
  /**
   * The stream is open; `data` says what it watches: null for notifications only, also when the
   * viewer may not read what the tab asked to watch.
   */
  ready: { watch: string | null };
  /** A notification for the viewer, as `notifications` lists it. */
  notification: Notification;
  /** A vote tally of the watched post, or of a post in the watched room, changed (`myVote` is not
   * sent: it is the viewer's own, known to the tab). */
  'post.tally': { postId: string; upvotes: number; downvotes: number };
  /** A comment's vote tally changed. */
  'comment.tally': { postId: string; commentId: string; upvotes: number; downvotes: number };
  /** A comment was written on the watched post. */
  'comment.added': { comment: Comment };
  /** A comment was deleted; `kept` when it stays as '[deleted]' because it has replies. */
  'comment.deleted': { postId: string; commentId: string; kept: boolean };
  /** A poll's tally changed. */
  'poll.tally': { pollId: string; options: { id: string; votes: number }[]; totalVotes: number };
  /** The author edited the watched post, or a post of the watched room (issue 33). */
  'post.edited': { postId: string; body: string; editedAt: string };
  /** The author edited a comment of the watched post: the comment as the viewer's thread shows it. */
  'comment.edited': { comment: Comment };
  /** The author edited the question of the watched poll, or of a poll of the watched room. */
  'poll.edited': { pollId: string; title: string; editedAt: string };
  /** The server no longer holds what the tab missed: reload what is on screen. */
  reload: Record<string, never>;
}
export type LiveEventName = keyof LiveEvents;
export const LIVE_EVENT_NAMES = [
  'ready',
  'notification',
  'post.tally',
  'comment.tally',
  'comment.added',
  'comment.deleted',
  'poll.tally',
  'post.edited',
  'comment.edited',
  'poll.edited',
  'reload',
] as const satisfies readonly LiveEventName[];

/** One event as the tab receives it. */
export type LiveEvent = { [K in LiveEventName]: { name: K; id: string; data: LiveEvents[K] } }[LiveEventName];

/** The stream's rules, shared by the server and the tab. */
export const LIVE_RULES = {
  /** A comment line every this often keeps proxies from closing an idle stream. */
  heartbeatMs: 20_000,
  /** Streams whose session ended (logout, revocation, deletion) are closed within this. */
  sessionCheckMs: 3_000,
  /** Bus messages each instance keeps for resuming tabs; older resumes get `reload`. */
  resumeWindow: 2_000,
} as const;

/** The `events` actor's named delays (src/machines/events.machine.ts). */
export const LIVE_DELAYS = {
  /** A stream that has not said `ready` by then is taken as blocked (a buffering proxy). */
  CONNECT_TIMEOUT: 10_000,
  /** The first reconnect waits this long, each later one twice the last, up to RECONNECT_MAX. */
  RECONNECT_BASE: 1_000,
  RECONNECT_MAX: 30_000,
  /** After this many failed connects in a row the tab falls back to polling... */
  FAILURES_BEFORE_POLLING: 4,
  /** ...and tries the stream again after this long. */
  STREAM_RETRY: 5 * 60_000,
} as const;

/** The wait before reconnect attempt `attempt` (1-based): exponential, capped, no jitter below 1 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = LIVE_DELAYS.RECONNECT_BASE * 2 ** Math.max(0, attempt - 1);
  const capped = Math.min(LIVE_DELAYS.RECONNECT_MAX, exponential);
  // Up to a quarter of jitter so that tabs cut off together do not come back together.
  return Math.round(capped * (0.75 + random() * 0.25));
}

/** What a screen reader hears when a notification arrives (the polite live region of the top bar). */
export const liveNotificationText = (n: Pick<Notification, 'title' | 'body'>): string =>
  `New notification: ${n.title}${n.body ? ` ${n.body}` : ''}`;
