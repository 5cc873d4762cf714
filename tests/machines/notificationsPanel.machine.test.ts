import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { Notification } from '../../src/domain/entities.ts';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
import { roomPath } from '../../src/domain/roomRoutes.ts';
import { notificationsPanelMachine } from '../../src/machines/notificationsPanel.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import { makeRoom } from '../support/feedFakes.ts';
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
/** A request noticed before notices carried their room: answered by the room's title. */
const oldJoinRequest: Notification = { ...joinRequest, id: 'n-join-old', roomId: null };
/** The owner's answers to the viewer's request: they open the room. */
const accepted: Notification = {
  ...joinRequest,
  id: 'n-accepted',
  kind: 'requestAccepted',
  title: ROOMS.requestAcceptedTitle,
};
const declined: Notification = {
  ...accepted,
  id: 'n-declined',
  kind: 'requestDeclined',
  title: ROOMS.requestDeclinedTitle,
};
const joinedRoom = makeRoom('chess', { id: 'room-1', CreatorId: 'u2', privateRoom: true });
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
  'n-accepted': roomPath({ CreatorId: 'u2', title: 'chess' }),
  'n-declined': roomPath({ CreatorId: 'u2', title: 'chess' }),
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
        accepted,
        declined,
        pollRemoved,
        reportOutcome,
        maskedComment,
        systemNotice,
      ].map((notification) => ({ type: 'notification.open', notification })),
      { type: 'request.accept', notification: joinRequest },
      { type: 'request.accept', notification: oldJoinRequest },
      // an invitation is not the owner's to accept or decline (the server answered it with 403)
      { type: 'request.accept', notification: invitation },
      { type: 'request.accept', notification: vote },
      { type: 'request.decline', notification: joinRequest },
      { type: 'request.decline', notification: invitation },
      { type: 'request.decline', notification: declined },
      // only an invitation is accepted by joining
      { type: 'invitation.accept', notification: invitation },
      { type: 'invitation.accept', notification: joinRequest },
      { type: 'invitation.accept', notification: accepted },
      { type: 'notifications.markAll' },
      { type: 'notifications.refresh' },
      done('markRead', {}),
      failure('markRead', down),
      done('markAllRead', {}),
      failure('markAllRead', down),
      done('acceptRequest', { msg: ROOMS.accepted }),
      failure('acceptRequest', { status: 404, message: ROOMS.noRequest }),
      done('declineRequest', { msg: ROOMS.declined }),
      failure('declineRequest', { status: 404, message: ROOMS.noRequest }),
      done('acceptInvitation', { msg: ROOMS.joined, room: joinedRoom }),
      failure('acceptInvitation', { status: 403, message: ROOMS.privateRoom }),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

const paths = generatePaths(notificationsPanelMachine, { events });

/**
 * Spec §2 Layout, §4 Membership: opening reads (and goes where its kind leads), accepting, reading all.
 * Issue 33: the owner accepts or declines a request, the person invited accepts the invitation (then
 * goes to the room); each answer addresses the room by its id, and the session's list is told.
 */
function panelOracle() {
  /** The notification being marked read. */
  let opened = '';
  /** The notice being answered. */
  let answering = '';
  const answer = (value: string, actor: string, n: Notification): ExpectedStep => {
    answering = n.id;
    return {
      value,
      tags: ['busy'],
      calls: [{ actor, input: { id: n.id, title: n.roomId ?? n.body, fromUser: n.fromUser } }],
    };
  };
  const answered = (text: string) => [
    notify('success', text),
    { type: 'read', params: { id: answering } },
    { type: 'refresh' },
  ];
  const refused = (text: string): ExpectedStep => ({
    value: 'idle',
    tags: [],
    effects: [notify('error', text), { type: 'refresh' }],
  });
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
      case 'request.accept':
        return answer('accepting', 'acceptRequest', e.notification);
      case 'request.decline':
        return answer('declining', 'declineRequest', e.notification);
      case 'invitation.accept':
        return answer('acceptingInvitation', 'acceptInvitation', e.notification);
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
        return { value: 'idle', tags: [], effects: answered(ROOMS.accepted) };
      case 'xstate.error.actor.acceptRequest':
      case 'xstate.error.actor.declineRequest':
        return refused(ROOMS.noRequest);
      case 'xstate.done.actor.declineRequest':
        return { value: 'idle', tags: [], effects: answered(ROOMS.declined) };
      case 'xstate.done.actor.acceptInvitation':
        return {
          value: 'idle',
          tags: [],
          effects: [...answered(ROOMS.joined), { type: 'roomsChanged' }, navigate(roomPath(joinedRoom))],
        };
      case 'xstate.error.actor.acceptInvitation':
        return refused(ROOMS.privateRoom);
      default:
        throw new Error(`unexpected ${e.type}`);
    }
  };
}

describe('notifications panel', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'reads, opens what each kind is about, accepts join requests and tells the session: %s',
    async (_, path) => {
      await executePath(notificationsPanelMachine, path, {
        promiseActors: ['markRead', 'markAllRead', 'acceptRequest', 'declineRequest', 'acceptInvitation'],
        effects: ['notify', 'navigate', 'log', 'read', 'readAll', 'refresh', 'roomsChanged'],
        expectStep: panelOracle(),
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, notificationsPanelMachine, paths);
  });
});
