import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { Notification } from '../../src/domain/entities.ts';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
import { roomPath } from '../../src/domain/roomRoutes.ts';
import { notificationsPanelMachine } from '../../src/machines/notificationsPanel.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof notificationsPanelMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

const vote: Notification = {
  id: 'n-vote',
  kind: 'postVote',
  postId: 'p1',
  pollId: null,
  commentId: null,
  roomId: null,
  title: POSTS.upvoted,
  body: 'My first post',
  fromUser: 'u2',
  toUser: 'u1',
  isRead: false,
  createdAt: '2026-01-02T00:00:00.000Z',
  user2: { username: 'brave_fox' },
  appeal: null,
};
const commentVote: Notification = { ...vote, id: 'n-comment-vote', kind: 'commentVote', commentId: 'c1' };
/** A reply to the viewer's post: it opens the post. */
const reply: Notification = {
  ...vote,
  id: 'n-reply',
  kind: 'reply',
  postId: 'p3',
  commentId: 'c3',
  title: POSTS.repliedToPost,
};
const joinRequest: Notification = {
  ...vote,
  id: 'n-join',
  kind: 'joinRequest',
  postId: null,
  roomId: 'room-1',
  title: ROOMS.joinRequestTitle,
  body: 'chess',
};
const invitation: Notification = { ...joinRequest, id: 'n-invite', kind: 'roomInvitation' };
/** A removal of the viewer's poll: it opens the poll's page. */
const pollRemoved: Notification = {
  ...vote,
  id: 'n-removal',
  kind: 'removal',
  postId: null,
  pollId: 'poll-1',
  fromUser: null,
  user2: null,
  appeal: null,
};
/** A report outcome about a post. */
const reportOutcome: Notification = {
  ...pollRemoved,
  id: 'n-outcome',
  kind: 'reportOutcome',
  postId: 'p2',
  pollId: null,
};
/** A mask of a comment that names no post: only marked read. */
const maskedComment: Notification = {
  ...pollRemoved,
  id: 'n-masked',
  kind: 'masked',
  pollId: null,
  commentId: 'c2',
};
const systemNotice: Notification = {
  ...vote,
  id: 'n-system',
  kind: 'removal',
  postId: null,
  fromUser: null,
  user2: null,
  appeal: null,
};

/** Where opening each goes (the oracle's own table, from the spec of notification kinds). */
const expectedTarget: Record<string, string | null> = {
  'n-vote': '/post/p1',
  'n-comment-vote': '/post/p1',
  'n-reply': '/post/p3',
  'n-join': null,
  'n-invite': roomPath({ CreatorId: 'u2', title: 'chess' }),
  'n-removal': '/poll/poll-1',
  'n-outcome': '/post/p2',
  'n-masked': null,
  'n-system': null,
};

const down = { status: 500, message: 'down' };

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      ...[
        vote,
        commentVote,
        reply,
        joinRequest,
        invitation,
        pollRemoved,
        reportOutcome,
        maskedComment,
        systemNotice,
      ].map((notification) => ({ type: 'notification.open', notification })),
      { type: 'request.accept', notification: joinRequest },
      // an invitation has no Accept (the server answered it with 403)
      { type: 'request.accept', notification: invitation },
      { type: 'request.accept', notification: vote },
      { type: 'notifications.markAll' },
      { type: 'notifications.refresh' },
      done('markRead', {}),
      failure('markRead', down),
      done('markAllRead', {}),
      failure('markAllRead', down),
      done('acceptRequest', { msg: ROOMS.accepted }),
      failure('acceptRequest', { status: 404, message: ROOMS.noRequest }),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const paths = generatePaths(notificationsPanelMachine, { events });

/** Spec §2 Layout, §4 Membership: opening reads (and goes where its kind leads), accepting, reading all. */
function panelOracle() {
  /** The notification being marked read. */
  let opened = '';
  return (event: Event): ExpectedStep => {
    const e = event as unknown as { type: string; notification: Notification; output?: { msg: string } };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'idle', tags: [] };
      case 'notification.open': {
        const { id } = e.notification;
        const to = expectedTarget[id] ?? null;
        opened = id;
        return {
          value: 'markingRead',
          tags: ['busy'],
          calls: [{ actor: 'markRead', input: { id } }],
          effects: to ? [navigate(to)] : [],
        };
      }
      case 'request.accept': {
        const { id, body, fromUser } = e.notification;
        return {
          value: 'accepting',
          tags: ['busy'],
          calls: [{ actor: 'acceptRequest', input: { id, title: body, fromUser } }],
        };
      }
      case 'notifications.markAll':
        return { value: 'markingAll', tags: ['busy'], calls: [{ actor: 'markAllRead', input: undefined }] };
      case 'notifications.refresh':
        return { effects: [{ type: 'refresh' }] };
      case 'xstate.done.actor.markRead':
        return { value: 'idle', tags: [], effects: [{ type: 'read', params: { id: opened } }] };
      case 'xstate.error.actor.markRead':
        return { value: 'idle', tags: [], effects: [log('notification: mark read failed', down)] };
      case 'xstate.done.actor.markAllRead':
        return { value: 'idle', tags: [], effects: [{ type: 'readAll' }] };
      case 'xstate.error.actor.markAllRead':
        return { value: 'idle', tags: [], effects: [log('notifications: mark all read failed', down)] };
      case 'xstate.done.actor.acceptRequest':
        return { value: 'idle', tags: [], effects: [notify('success', ROOMS.accepted), { type: 'refresh' }] };
      default:
        return { value: 'idle', tags: [], effects: [notify('error', ROOMS.noRequest)] };
    }
  };
}

describe('notifications panel', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'reads, opens what each kind is about, accepts join requests and tells the session: %s',
    async (_, path) => {
      await executePath(notificationsPanelMachine, path, {
        promiseActors: ['markRead', 'markAllRead', 'acceptRequest'],
        effects: ['notify', 'navigate', 'log', 'read', 'readAll', 'refresh'],
        expectStep: panelOracle(),
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, notificationsPanelMachine, paths);
  });
});
