import { describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise, SimulatedClock } from 'xstate';
import { DELAYS } from '../../src/domain/constants.ts';
import type { Notification, UserInfo } from '../../src/domain/entities.ts';
import { AUTH } from '../../src/domain/messages.ts';
import type { Navigation, Notice } from '../../src/machines/effects.ts';
import { LOGOUT_NOTICE_ID, sessionMachine } from '../../src/machines/session.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
} from '../support/machinePaths.ts';
import { makeUser } from '../support/users.ts';

const user: UserInfo = makeUser();

const notification: Notification = {
  id: 'n1',
  postId: 'p1',
  title: 'Vote',
  body: 'upvoted your post!',
  fromUser: 'u2',
  toUser: 'u1',
  isRead: false,
  createdAt: '2025-01-02T00:00:00.000Z',
  user2: { username: 'brave_fox' },
};

const unauthorized = new ApiError(401, 'Please sign in first.');
const serverIssue = new ApiError(500, 'Something went wrong on our side. Try again.');

const events = [
  { type: 'session.login', email: user.email },
  { type: 'session.logout' },
  { type: 'guest.visit' },
  { type: 'notifications.refresh' },
  // 'notification.read', 'notifications.readAll' and 'user.patch' only edit the context in place;
  // their example tests below cover them without multiplying the paths.
  { type: 'session.end' },
  { type: 'xstate.done.actor.restoreSession', output: { email: user.email } },
  { type: 'xstate.error.actor.restoreSession', error: unauthorized },
  { type: 'xstate.error.actor.restoreSession', error: serverIssue },
  { type: 'xstate.done.actor.loadUser', output: user },
  { type: 'xstate.error.actor.loadUser', error: serverIssue },
  { type: 'xstate.done.actor.fetchNotifications', output: [notification] },
  { type: 'xstate.error.actor.fetchNotifications', error: unauthorized },
  { type: 'xstate.error.actor.fetchNotifications', error: serverIssue },
  { type: 'xstate.done.actor.logOut', output: { msg: 'bye' } },
  { type: 'xstate.error.actor.logOut', error: serverIssue },
  { type: 'xstate.after.POLL_INTERVAL.session.signedIn.waiting' },
] as never[];

const promiseActors = ['restoreSession', 'loadUser', 'fetchNotifications', 'logOut'] as const;

interface Effects {
  notices: Notice[];
  navigations: Navigation[];
  dismissed: string[];
}

/** What the chart promises the user sees on one step, from the state before, the event and the state after. */
function effectsOf(
  before: AnyMachineSnapshot,
  event: { type: string; error?: unknown },
  after: AnyMachineSnapshot,
) {
  const effects: Effects = { notices: [], navigations: [], dismissed: [] };
  if (before.matches({ restoring: 'loadingUser' }) && after.matches('signedIn')) {
    effects.notices.push({ kind: 'success', text: AUTH.sessionRestored });
  }
  if (before.matches('signedIn') && after.matches('signedOut') && event.type !== 'session.end') {
    effects.notices.push({ kind: 'error', text: AUTH.sessionExpired });
  }
  if (before.matches('signedIn') && after.matches('loggingOut')) {
    effects.notices.push({ kind: 'loading', text: AUTH.loggingOut, id: LOGOUT_NOTICE_ID });
  }
  if (before.matches('loggingOut') && after.matches('signedOut')) {
    effects.notices.push({ kind: 'success', text: AUTH.loggedOut, id: LOGOUT_NOTICE_ID });
    effects.navigations.push({ to: '/signin' });
  }
  if (before.matches('loggingOut') && after.matches('signedIn')) {
    effects.dismissed.push(LOGOUT_NOTICE_ID);
  }
  if (before.matches('signedIn') && after.matches('signedIn') && event.type === 'guest.visit') {
    effects.notices.push({ kind: 'blank', text: AUTH.alreadyLoggedIn });
    effects.navigations.push({ to: '/', replace: true });
  }
  return effects;
}

function spies() {
  const notify = vi.fn((_: unknown, _notice: Notice) => {});
  const navigate = vi.fn((_: unknown, _to: Navigation) => {});
  const dismissNotice = vi.fn((_: unknown, _params: { id: string }) => {});
  const log = vi.fn();
  return { notify, navigate, dismissNotice, log };
}

describe('session', () => {
  const paths = generatePaths(sessionMachine, { events });

  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart: %s',
    async (_, path) => {
      const actions = spies();
      const expected: Effects = { notices: [], navigations: [], dismissed: [] };
      let before: AnyMachineSnapshot | null = null;
      await executePath(sessionMachine, path, {
        promiseActors,
        provide: { actions },
        onStep: (actual, _expected, event) => {
          if (before) {
            const step = effectsOf(before, event as { type: string }, actual);
            expected.notices.push(...step.notices);
            expected.navigations.push(...step.navigations);
            expected.dismissed.push(...step.dismissed);
          }
          before = actual;
          expect(actions.notify.mock.calls.map((call) => call[1])).toEqual(expected.notices);
          expect(actions.navigate.mock.calls.map((call) => call[1])).toEqual(expected.navigations);
          expect(actions.dismissNotice.mock.calls.map((call) => call[1].id)).toEqual(expected.dismissed);
          expect(actual.hasTag('signedIn')).toBe(actual.context.user !== null);
          expect(actual.hasTag('settling')).toBe(actual.matches('restoring'));
        },
      });
    },
  );

  it('has every state reached by some path', () => {
    expectEveryStateReached(sessionMachine, paths);
  });
});

/** A session whose calls are plain async fakes, on a simulated clock. */
function startSession(
  overrides: Partial<Record<(typeof promiseActors)[number], () => Promise<unknown>>> = {},
) {
  const calls = {
    restoreSession: vi.fn(overrides.restoreSession ?? (async () => ({ email: user.email }))),
    loadUser: vi.fn(overrides.loadUser ?? (async () => user)),
    fetchNotifications: vi.fn(overrides.fetchNotifications ?? (async () => [notification])),
    logOut: vi.fn(overrides.logOut ?? (async () => ({ msg: 'bye' }))),
  };
  const actions = spies();
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
    { clock },
  );
  actor.start();
  return { actor, calls, actions, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('changes to the account', () => {
  it('patches only the given fields of the user, and forgets a deleted account', async () => {
    const { actor, calls } = startSession();
    await settle();
    actor.send({ type: 'user.patch', patch: { showLC: true, leetcode: 'otter_codes' } });
    expect(actor.getSnapshot().context.user).toEqual({ ...user, showLC: true, leetcode: 'otter_codes' });
    actor.send({ type: 'session.end' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: null, notifications: [] });
    expect(calls.logOut).not.toHaveBeenCalled();
    actor.stop();
  });
});

describe('reading notifications', () => {
  it('marks one, then all, read in the list the bell shows', async () => {
    const other = { ...notification, id: 'n2' };
    const { actor } = startSession({ fetchNotifications: async () => [notification, other] });
    await settle();
    actor.send({ type: 'notification.read', id: 'n2' });
    expect(actor.getSnapshot().context.notifications.map((n) => n.isRead)).toEqual([false, true]);
    actor.send({ type: 'notifications.readAll' });
    expect(actor.getSnapshot().context.notifications.map((n) => n.isRead)).toEqual([true, true]);
    actor.stop();
  });
});

describe('notification polling', () => {
  it('fetches on sign-in and then every 30 s, keeping the latest list', async () => {
    const { actor, calls, clock } = startSession();
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true);
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

  it('keeps polling after a failed poll, only logging it', async () => {
    const { actor, calls, clock, actions } = startSession({
      fetchNotifications: async () => {
        throw serverIssue;
      },
    });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true);
    expect(actions.log).toHaveBeenCalledTimes(1);
    expect(actions.notify.mock.calls.map((call) => call[1].text)).toEqual([AUTH.sessionRestored]);

    clock.increment(DELAYS.POLL_INTERVAL);
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    actor.stop();
  });

  it('ends the session with "Login session expired!" when a poll answers 401', async () => {
    let answer: () => Promise<Notification[]> = async () => [notification];
    const { actor, clock, actions } = startSession({ fetchNotifications: () => answer() });
    await settle();
    answer = async () => {
      throw unauthorized;
    };
    clock.increment(DELAYS.POLL_INTERVAL);
    await settle();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ user: null, notifications: [] });
    expect(actions.notify.mock.calls.at(-1)?.[1]).toEqual({ kind: 'error', text: AUTH.sessionExpired });
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

  it('fetches at once on notifications.refresh', async () => {
    const { actor, calls } = startSession();
    await settle();
    actor.send({ type: 'notifications.refresh' });
    await settle();
    expect(calls.fetchNotifications).toHaveBeenCalledTimes(2);
    actor.stop();
  });
});

describe('session restore and login', () => {
  it('settles signed out quietly when there is no session', async () => {
    const { actor, actions, calls } = startSession({
      restoreSession: async () => {
        throw unauthorized;
      },
    });
    await settle();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actions.notify).not.toHaveBeenCalled();
    expect(calls.loadUser).not.toHaveBeenCalled();
    actor.stop();
  });

  it('loads the user handed over by an auth flow, without the restore toast', async () => {
    const { actor, actions } = startSession({
      restoreSession: async () => {
        throw unauthorized;
      },
    });
    await settle();
    actor.send({ type: 'session.login', email: user.email });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(actions.notify).not.toHaveBeenCalled();
    actor.stop();
  });

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

  it('sends a signed-in visitor of a guest-only page home with "You are already logged in!"', async () => {
    const { actor, actions } = startSession();
    await settle();
    actor.send({ type: 'guest.visit' });
    expect(actions.notify.mock.calls.at(-1)?.[1]).toEqual({ kind: 'blank', text: AUTH.alreadyLoggedIn });
    expect(actions.navigate.mock.calls.at(-1)?.[1]).toEqual({ to: '/', replace: true });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    actor.stop();
  });
});
