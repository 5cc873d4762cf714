import { describe, expect, it, vi } from 'vitest';
import {
  type Snapshot as AnySnapshot,
  createActor,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate';
import { DELAYS } from '../../src/domain/constants.ts';
import type { Notification, UserInfo } from '../../src/domain/entities.ts';
import { liveNotificationText } from '../../src/domain/live.ts';
import { AUTH } from '../../src/domain/messages.ts';
import type { Navigation, Notice } from '../../src/machines/effects.ts';
import { LOGOUT_NOTICE_ID, type SessionEvent, sessionMachine } from '../../src/machines/session.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { log, navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';
import { makeUser } from '../support/users.ts';

const user: UserInfo = makeUser();

const notification: Notification = {
  id: 'n1',
  kind: 'postVote',
  postId: 'p1',
  pollId: null,
  commentId: null,
  roomId: null,
  title: 'Vote',
  body: 'upvoted your post!',
  fromUser: 'u2',
  toUser: 'u1',
  isRead: false,
  createdAt: '2025-01-02T00:00:00.000Z',
  user2: { username: 'brave_fox' },
  appeal: null,
};

/** A notification that arrives on the live stream. */
const arrived: Notification = { ...notification, id: 'n3', title: 'Reply', body: 'replied to your comment' };

/** The removal of the reader's post, not appealed yet. */
const removal: Notification = {
  ...notification,
  id: 'n4',
  kind: 'removal',
  postId: 'p9',
  title: 'Removed by moderators: Spam',
  body: 'My exam tips',
  fromUser: null,
  user2: null,
};

/** A moderator's answer to the appeal of that removal, arriving on the live stream. */
const answer: Notification = {
  ...removal,
  id: 'n5',
  kind: 'appealOutcome',
  title: 'Your appeal was answered: restored',
};

const unauthorized = new ApiError(401, 'Please sign in first.');
const serverIssue = new ApiError(500, 'Something went wrong on our side. Try again.');

const events = [
  { type: 'session.login', email: user.email },
  { type: 'session.logout' },
  { type: 'guest.visit' },
  { type: 'notifications.refresh' },
  { type: 'notification.read', id: 'n1' },
  { type: 'notifications.readAll' },
  { type: 'user.patch', patch: { showLC: true, leetcode: 'otter_codes' } },
  { type: 'session.end' },
  { type: 'xstate.done.actor.restoreSession', output: { email: user.email } },
  { type: 'xstate.error.actor.restoreSession', error: unauthorized },
  { type: 'xstate.error.actor.restoreSession', error: serverIssue },
  { type: 'xstate.done.actor.loadUser', output: user },
  { type: 'xstate.error.actor.loadUser', error: serverIssue },
  {
    type: 'xstate.done.actor.fetchNotifications',
    output: [notification, { ...notification, id: 'n2' }, removal],
  },
  { type: 'xstate.error.actor.fetchNotifications', error: unauthorized },
  { type: 'xstate.error.actor.fetchNotifications', error: serverIssue },
  { type: 'xstate.done.actor.logOut', output: { msg: 'bye' } },
  { type: 'xstate.error.actor.logOut', error: serverIssue },
  { type: 'xstate.after.POLL_INTERVAL.session.signedIn.polling.waiting' },
  { type: 'live.opened' },
  { type: 'live.lost' },
  { type: 'notification.arrived', notification: arrived },
  { type: 'notification.arrived', notification: answer },
  { type: 'notification.appealed', kind: 'post', id: 'p9' },
  // already listed: the guard keeps it out, so only `can` ever sees it
  { type: 'notification.arrived', notification },
] as SessionEvent[];

const promiseActors = ['restoreSession', 'loadUser', 'fetchNotifications', 'logOut'] as const;

/** The removal of the reader's post, as the session lists it now. */
const listedRemoval = (snapshot: SnapshotFrom<typeof sessionMachine>) =>
  snapshot.context.notifications.find((n) => n.id === removal.id);

/**
 * An appeal is sent from a listed removal, unread (the panel lists only those) and not appealed yet,
 * and answered once it is pending: the order the app sees them in (offered at any other time, they
 * multiply the paths without taking anything new).
 */
const inOrder = (snapshot: SnapshotFrom<typeof sessionMachine>, event: SessionEvent) => {
  if (event.type === 'notification.appealed') {
    const listed = listedRemoval(snapshot);
    return listed?.appeal === null && !listed.isRead;
  }
  if (event.type === 'notification.arrived' && event.notification === answer)
    return listedRemoval(snapshot)?.appeal === 'pending';
  return true;
};

const paths = generatePaths(sessionMachine, {
  events: (snapshot) => events.filter((event) => inOrder(snapshot, event) && snapshot.can(event)),
});

type Snapshot = SnapshotFrom<typeof sessionMachine>;
const signedOut = { user: null, notifications: [], announcement: null };
/** Fetching the notifications while polling, or while the live stream is open. */
const fetchingIn = (mode: 'polling' | 'live'): ExpectedStep => ({
  value: { signedIn: { [mode]: 'fetchingNotifications' } },
  tags: ['signedIn'],
  calls: [{ actor: 'fetchNotifications', input: undefined }],
});
const fetching = fetchingIn('polling');

/**
 * Spec §4 Session, Logout, §8: the silent restore (settling), sign-in by an auth flow, notifications
 * every 30 s (a 401 ends the session), logout behind a loading toast, and the guest-only pages. Issue
 * 20: while the live stream is open the poll stops (one fetch catches up), notifications arrive one by
 * one and are announced, and a lost stream fetches once and polls again.
 */
function expectStep(event: SessionEvent, before: Snapshot): ExpectedStep {
  const { user: shownUser, notifications, announcement } = before.context;
  const restoring = before.matches('restoring');
  const live = before.matches({ signedIn: 'live' });
  const e = event as unknown as {
    type: string;
    output: unknown;
    error: ApiError;
    email: string;
    id: string;
    patch: Partial<UserInfo>;
    notification: Notification;
    kind: string;
  };
  switch (e.type) {
    case 'xstate.init':
      return {
        value: { restoring: 'refreshing' },
        tags: ['settling', 'busy'],
        shown: signedOut,
        calls: [{ actor: 'restoreSession', input: undefined }],
      };
    case 'xstate.done.actor.restoreSession':
      return {
        value: { restoring: 'loadingUser' },
        calls: [{ actor: 'loadUser', input: { email: user.email } }],
      };
    case 'xstate.error.actor.restoreSession':
      return {
        value: 'signedOut',
        tags: [],
        effects: [
          log(
            e.error === unauthorized ? 'session restore: invalid token' : 'session restore: server issue',
            e.error,
          ),
        ],
      };
    case 'xstate.done.actor.loadUser':
      // only a restored session is announced
      return {
        ...fetching,
        shown: { user, notifications, announcement },
        effects: restoring ? [notify('success', AUTH.sessionRestored)] : [],
      };
    case 'xstate.error.actor.loadUser':
      return {
        value: 'signedOut',
        tags: [],
        shown: signedOut,
        effects: [log(restoring ? 'session restore: user not loaded' : 'login: user not loaded', e.error)],
      };
    case 'xstate.done.actor.fetchNotifications':
      return {
        value: { signedIn: live ? { live: 'listening' } : { polling: 'waiting' } },
        shown: { user: shownUser, notifications: e.output, announcement },
      };
    case 'xstate.error.actor.fetchNotifications':
      return e.error === unauthorized
        ? { value: 'signedOut', tags: [], shown: signedOut, effects: [notify('error', AUTH.sessionExpired)] }
        : {
            value: { signedIn: live ? { live: 'listening' } : { polling: 'waiting' } },
            effects: [log('notifications: fetch failed', e.error)],
          };
    case 'xstate.after.POLL_INTERVAL.session.signedIn.polling.waiting':
      return fetching;
    case 'notifications.refresh':
      return fetchingIn(live ? 'live' : 'polling');
    case 'live.opened':
      // the poll stops; one fetch catches up with what came before the stream
      return fetchingIn('live');
    case 'live.lost':
      return fetching;
    case 'notification.arrived': {
      const shown = {
        user: shownUser,
        notifications: [e.notification, ...notifications],
        announcement: { id: e.notification.id, text: liveNotificationText(e.notification) },
      };
      // An appeal's answer: the list is fetched once more (its removal notice now says the answer),
      // unless a fetch is on its way already.
      const idle =
        before.matches({ signedIn: { live: 'listening' } }) ||
        before.matches({ signedIn: { polling: 'waiting' } });
      return e.notification.kind === 'appealOutcome' && idle
        ? { ...fetchingIn(live ? 'live' : 'polling'), shown }
        : { shown };
    }
    case 'notification.appealed':
      // the removal notice of that item says pending, as the server's list will
      return {
        shown: {
          user: shownUser,
          notifications: notifications.map((n) =>
            n.kind === 'removal' && n.postId === e.id && e.kind === 'post' && n.appeal === null
              ? { ...n, appeal: 'pending' }
              : n,
          ),
          announcement,
        },
      };
    case 'xstate.done.actor.logOut':
      return {
        value: 'signedOut',
        tags: [],
        shown: signedOut,
        effects: [notify('success', AUTH.loggedOut, LOGOUT_NOTICE_ID), navigate('/signin')],
      };
    case 'xstate.error.actor.logOut':
      return {
        ...fetching,
        effects: [{ type: 'dismissNotice', params: { id: LOGOUT_NOTICE_ID } }, log('logout failed', e.error)],
      };
    case 'session.login':
      return {
        value: 'loadingUser',
        tags: ['busy'],
        calls: [{ actor: 'loadUser', input: { email: e.email } }],
      };
    case 'session.logout':
      return {
        value: 'loggingOut',
        tags: ['signedIn', 'busy'],
        effects: [notify('loading', AUTH.loggingOut, LOGOUT_NOTICE_ID)],
        calls: [{ actor: 'logOut', input: undefined }],
      };
    case 'notification.read':
      return {
        shown: {
          user: shownUser,
          notifications: notifications.map((n) => (n.id === e.id ? { ...n, isRead: true } : n)),
          announcement,
        },
      };
    case 'notifications.readAll':
      return {
        shown: {
          user: shownUser,
          notifications: notifications.map((n) => ({ ...n, isRead: true })),
          announcement,
        },
      };
    case 'user.patch':
      return { shown: { user: shownUser && { ...shownUser, ...e.patch }, notifications, announcement } };
    case 'session.end':
      // the account is gone: forgotten without asking the server
      return { value: 'signedOut', tags: [], shown: signedOut };
    default:
      return { effects: [notify('blank', AUTH.alreadyLoggedIn), navigate('/', { replace: true })] };
  }
}

describe('session', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'restores, signs in, polls and signs out as the spec says: %s',
    async (_, path) => {
      await executePath(sessionMachine, path, {
        promiseActors,
        effects: ['notify', 'navigate', 'dismissNotice', 'log'],
        shown: ({ user, notifications, announcement }) => ({ user, notifications, announcement }),
        expectStep,
      });
    },
  );

  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, sessionMachine, paths);
  });
});

/** A session whose calls are plain async fakes, on a simulated clock. */
function startSession(
  overrides: Partial<Record<(typeof promiseActors)[number], () => Promise<unknown>>> & {
    /** A persisted snapshot to start from, as the browser starts from the server's. */
    snapshot?: AnySnapshot<unknown>;
  } = {},
) {
  const calls = {
    restoreSession: vi.fn(overrides.restoreSession ?? (async () => ({ email: user.email }))),
    loadUser: vi.fn(overrides.loadUser ?? (async () => user)),
    fetchNotifications: vi.fn(overrides.fetchNotifications ?? (async () => [notification])),
    logOut: vi.fn(overrides.logOut ?? (async () => ({ msg: 'bye' }))),
  };
  const actions = {
    notify: vi.fn((_: unknown, _notice: Notice) => {}),
    navigate: vi.fn((_: unknown, _to: Navigation) => {}),
  };
  const clock = new SimulatedClock();
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(() => calls.restoreSession() as Promise<{ email: string }>),
        loadUser: fromPromise(() => calls.loadUser() as Promise<UserInfo>),
        fetchNotifications: fromPromise(() => calls.fetchNotifications() as Promise<Notification[]>),
        logOut: fromPromise(() => calls.logOut()),
      },
      actions,
    }),
    { clock, ...(overrides.snapshot ? { snapshot: overrides.snapshot } : {}) },
  );
  actor.start();
  return { actor, calls, actions, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('notification polling', () => {
  it('fetches on sign-in and then every 30 s, keeping the latest list', async () => {
    const { actor, calls, clock } = startSession();
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { polling: 'waiting' } })).toBe(true);
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notifications).toEqual([notification]);

    clock.increment(DELAYS.POLL_INTERVAL - 1);
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(1);

    const read = { ...notification, isRead: true };
    calls.fetchNotifications.mockImplementation(async () => [read]);
    clock.increment(1);
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.notifications).toEqual([read]);

    clock.increment(DELAYS.POLL_INTERVAL);
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(3);
    actor.stop();
  });

  it('stops polling while the live stream is open, and fetches once and polls again when it is lost', async () => {
    const { actor, calls, clock } = startSession();
    await settle();
    actor.send({ type: 'live.opened' });
    await settle();
    // one fetch catches up with what came before the stream opened
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(2);
    clock.increment(DELAYS.POLL_INTERVAL * 3);
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(2);

    actor.send({ type: 'live.lost' });
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(3);
    clock.increment(DELAYS.POLL_INTERVAL);
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(4);
    actor.stop();
  });

  it("restored from the server's snapshot, it fetches once and polls again when the stream is lost before it opened", async () => {
    const onServer = startSession();
    await settle();
    const embedded = JSON.parse(JSON.stringify(onServer.actor.getPersistedSnapshot()));
    onServer.actor.stop();
    expect(embedded.value).toEqual({ signedIn: { polling: 'waiting' } });
    const { actor, calls, clock } = startSession({ snapshot: embedded });
    await settle();
    expect(calls.fetchNotifications).not.toHaveBeenCalled();
    actor.send({ type: 'live.lost' });
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(1);
    clock.increment(DELAYS.POLL_INTERVAL);
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('puts a notification that arrives first and announces it, once', async () => {
    const { actor } = startSession();
    await settle();
    actor.send({ type: 'notification.arrived', notification: arrived });
    actor.send({ type: 'notification.arrived', notification: arrived });
    actor.send({ type: 'notification.arrived', notification });
    const { notifications, announcement } = actor.getSnapshot().context;
    expect(notifications.map((n) => n.id)).toEqual(['n3', 'n1']);
    expect(announcement).toEqual({ id: 'n3', text: 'New notification: Reply replied to your comment' });
    actor.stop();
  });

  it('lets a join request replace the notice of the same person’s earlier request to the same room', async () => {
    const { actor } = startSession();
    await settle();
    const request = (id: string, roomId: string, fromUser: string): Notification => ({
      ...arrived,
      id,
      kind: 'joinRequest',
      postId: null,
      roomId,
      fromUser,
    });
    actor.send({ type: 'notification.arrived', notification: request('r1', 'room-1', 'u7') });
    actor.send({ type: 'notification.arrived', notification: request('r2', 'room-2', 'u7') });
    actor.send({ type: 'notification.arrived', notification: request('r3', 'room-1', 'u8') });
    // u7 withdrew the first request (or it was declined) and asked again
    actor.send({ type: 'notification.arrived', notification: request('r4', 'room-1', 'u7') });
    const ids = actor.getSnapshot().context.notifications.map((n) => n.id);
    expect(ids.filter((id) => id.startsWith('r'))).toEqual(['r4', 'r3', 'r2']);
    actor.stop();
  });

  it('stops polling once signed out', async () => {
    const { actor, calls, clock } = startSession();
    await settle();
    actor.send({ type: 'session.logout' });
    await settle();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    clock.increment(DELAYS.POLL_INTERVAL * 3);
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});

describe('session restore and login', () => {
  it('ignores guest-only visits of signed-out visitors', async () => {
    const { actor, actions } = startSession({
      restoreSession: async () => {
        throw unauthorized;
      },
    });
    await settle();
    actor.send({ type: 'guest.visit' });
    expect(actions.navigate).not.toHaveBeenCalled();
    expect(actions.notify).not.toHaveBeenCalled();
    actor.stop();
  });
});
