import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { Notification } from '../../src/domain/entities.ts';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
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
  postId: 'p1',
  title: POSTS.upvoted,
  body: 'My first post',
  fromUser: 'u2',
  toUser: 'u1',
  isRead: false,
  createdAt: '2026-01-02T00:00:00.000Z',
  user2: { username: 'brave_fox' },
};
const joinRequest: Notification = {
  ...vote,
  id: 'n-join',
  postId: 'room-1',
  title: ROOMS.joinRequestTitle,
  body: 'chess',
};
const systemNotice: Notification = { ...vote, id: 'n-system', postId: null, fromUser: null, user2: null };

const down = { status: 500, message: 'down' };

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'notification.open', notification: vote },
      { type: 'notification.open', notification: systemNotice },
      { type: 'notification.open', notification: joinRequest },
      { type: 'request.accept', notification: joinRequest },
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

/** Spec §2 Layout, §4 Membership: opening reads (and goes to the post of a vote), accepting, reading all. */
function panelOracle() {
  /** The notification being marked read. */
  let opened = '';
  return (event: Event): ExpectedStep => {
    const e = event as unknown as { type: string; notification: Notification; output?: { msg: string } };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'idle', tags: [] };
      case 'notification.open': {
        const { id, postId, title } = e.notification;
        const toPost = postId !== null && title !== ROOMS.joinRequestTitle;
        opened = id;
        return {
          value: 'markingRead',
          tags: ['busy'],
          calls: [{ actor: 'markRead', input: { id } }],
          effects: toPost ? [navigate(`/post/${postId}`)] : [],
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
    'reads, opens, accepts and tells the session: %s',
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
