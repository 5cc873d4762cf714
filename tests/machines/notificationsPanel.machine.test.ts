import { describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { Notification } from '../../src/domain/entities.ts';
import { POSTS, ROOMS } from '../../src/domain/messages.ts';
import { notificationsPanelMachine } from '../../src/machines/notificationsPanel.machine.ts';
import { syntheticEvents } from '../support/authFakes.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
} from '../support/machinePaths.ts';

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

const events = (snapshot: Snapshot): Event[] =>
  (
    [
      { type: 'notification.open', notification: vote },
      { type: 'notification.open', notification: systemNotice },
      { type: 'request.accept', notification: joinRequest },
      { type: 'request.accept', notification: vote },
      { type: 'notifications.markAll' },
      { type: 'notifications.refresh' },
      done('markRead', {}),
      failure('markRead', { status: 500, message: 'down' }),
      done('markAllRead', {}),
      failure('markAllRead', { status: 500, message: 'down' }),
      done('acceptRequest', { msg: ROOMS.accepted }),
      failure('acceptRequest', { status: 404, message: ROOMS.noRequest }),
    ] as Event[]
  ).filter((event) => snapshot.can(event));

function spies() {
  return {
    notify: vi.fn(),
    navigate: vi.fn(),
    log: vi.fn(),
    read: vi.fn(),
    readAll: vi.fn(),
    refresh: vi.fn(),
  };
}

describe('notifications panel', () => {
  const paths = generatePaths(notificationsPanelMachine, { events: events as never });

  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const actions = spies();
      const expected = { notices: [] as unknown[], navigations: [] as unknown[], read: [] as string[] };
      let readAll = 0;
      let refreshes = 0;
      let opened: Notification | null = null;
      await executePath(notificationsPanelMachine, path, {
        promiseActors: ['markRead', 'markAllRead', 'acceptRequest'],
        provide: { actions },
        onStep: (actual, _expected, event) => {
          const e = event as { type: string; notification?: Notification };
          if (e.type === 'notification.open' && e.notification) {
            opened = e.notification;
            if (e.notification.postId && e.notification.fromUser)
              expected.navigations.push({ to: `/post/${e.notification.postId}` });
          }
          if (e.type === 'xstate.done.actor.markRead' && opened) expected.read.push(opened.id);
          if (e.type === 'xstate.done.actor.markAllRead') readAll += 1;
          if (e.type === 'notifications.refresh') refreshes += 1;
          if (e.type === 'xstate.done.actor.acceptRequest') {
            expected.notices.push({ kind: 'success', text: ROOMS.accepted });
            refreshes += 1;
          }
          if (e.type === 'xstate.error.actor.acceptRequest')
            expected.notices.push({ kind: 'error', text: ROOMS.noRequest });
          expect(actions.notify.mock.calls.map((call) => call[1])).toEqual(expected.notices);
          expect(actions.navigate.mock.calls.map((call) => call[1])).toEqual(expected.navigations);
          expect(actions.read.mock.calls.map((call) => call[1].id)).toEqual(expected.read);
          expect(actions.readAll).toHaveBeenCalledTimes(readAll);
          expect(actions.refresh).toHaveBeenCalledTimes(refreshes);
          expect(actual.hasTag('busy')).toBe(!actual.matches('idle'));
        },
      });
    },
  );

  it('has every state reached by some path', () => {
    expectEveryStateReached(notificationsPanelMachine, paths);
  });

  it('accepts only join requests, with the room title and the requester', () => {
    const accepting = paths.find((path) => path.state.matches('accepting'));
    const last = accepting?.steps.at(-1)?.event as { notification: Notification } | undefined;
    expect(last?.notification).toBe(joinRequest);
  });
});
