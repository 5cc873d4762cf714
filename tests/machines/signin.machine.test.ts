import { describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import type { Navigation, Notice } from '../../src/machines/effects.ts';
import { credentialsOf, signinMachine } from '../../src/machines/signin.machine.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof signinMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const input = { collegeDomain: 'ietlucknow.ac.in' };
const email = 'ada@ietlucknow.ac.in';
const apiError = (status: number, message = `server says ${status}`) => ({ status, message });
const synthetic = (event: object) => event as Event;

/** Each scenario fails the call one way; paths are told apart by event types, so statuses get a scenario each. */
const failures = [
  apiError(401),
  apiError(404),
  apiError(425),
  apiError(403, AUTH.accountNotVerified),
  apiError(0, 'Network Error'),
];

const eventsOf = (failure: (typeof failures)[number]): Event[] => [
  { type: 'field.change', field: 'identifier', value: email },
  { type: 'field.change', field: 'identifier', value: 'quiet_otter' },
  { type: 'field.change', field: 'identifier', value: 'q!' },
  { type: 'field.change', field: 'password', value: 'any secret' },
  { type: 'form.submit' },
  synthetic({ type: 'xstate.done.actor.signIn', output: { msg: AUTH.loggedIn, email } }),
  synthetic({ type: 'xstate.error.actor.signIn', error: failure }),
];

const serializeState = (snapshot: Snapshot, event?: Event) =>
  JSON.stringify([snapshot.value, snapshot.context, event?.type.startsWith('xstate.') ? event : null]);

const pathsByFailure = failures.map((failure) => ({
  failure,
  paths: generatePaths(signinMachine, {
    events: (snapshot) => eventsOf(failure).filter((event) => snapshot.can(event)),
    input,
    serializeState: serializeState as (snapshot: Snapshot) => string,
    simplePaths: false,
  }),
}));
const paths = pathsByFailure.flatMap((entry) => entry.paths);

interface Effects {
  notify: Notice[];
  navigate: Navigation[];
  startSession: string[];
}

/** Spec §8 for sign-in, read along a path. */
function expectedEffects(path: MachinePath<Machine>): Effects {
  const effects: Effects = { notify: [], navigate: [], startSession: [] };
  path.steps.forEach((step, index) => {
    const event = step.event as { type: string; error?: { status: number; message: string } };
    const before = path.steps[index - 1]?.state;
    if (event.type === 'xstate.done.actor.signIn') {
      effects.notify.push({ kind: 'success', text: AUTH.loggedIn });
      effects.startSession.push(email);
      effects.navigate.push({ to: '/' });
    }
    if (event.type !== 'xstate.error.actor.signIn' || !before) return;
    const error = (text: string) => effects.notify.push({ kind: 'error', text });
    switch (event.error?.status) {
      case 401:
        error(AUTH.invalidCredentials);
        break;
      case 404:
        error(AUTH.unknownUser);
        effects.navigate.push({ to: '/signup' });
        break;
      case 425:
        error(AUTH.signinThrottled);
        effects.navigate.push({ to: '/' });
        break;
      case 403: {
        error(AUTH.accountNotVerified);
        const body = credentialsOf(before.context);
        effects.navigate.push({ to: '/varifyaccount', state: 'email' in body ? { email } : undefined });
        break;
      }
      default:
        error('Network Error');
    }
  });
  return effects;
}

describe.each(pathsByFailure)('sign-in when the server answers $failure.status', ({ paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart with the spec’s toasts and redirects: %s',
    async (_, path) => {
      const spies = { notify: vi.fn(), navigate: vi.fn(), startSession: vi.fn() };
      await executePath(signinMachine, path, {
        input,
        promiseActors: ['signIn'],
        provide: { actions: spies },
        onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
      });
      const expected = expectedEffects(path);
      expect(spies.notify.mock.calls.map(([, notice]) => notice)).toEqual(expected.notify);
      expect(spies.navigate.mock.calls.map(([, nav]) => nav)).toEqual(expected.navigate);
      expect(spies.startSession.mock.calls.map(([, p]) => p.email)).toEqual(expected.startSession);
    },
  );
});

describe('sign-in chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(signinMachine, paths);
  });

  it('sends an address of the college domain as email and anything else as username', () => {
    const base = { collegeDomain: input.collegeDomain, password: 'pw', errors: {} };
    expect(credentialsOf({ ...base, identifier: ' Ada@IETLucknow.ac.in ' })).toEqual({
      email,
      password: 'pw',
    });
    expect(credentialsOf({ ...base, identifier: 'quiet_otter' })).toEqual({
      username: 'quiet_otter',
      password: 'pw',
    });
    expect(credentialsOf({ ...base, identifier: 'ada@gmail.com' })).toEqual({
      username: 'ada@gmail.com',
      password: 'pw',
    });
  });

  it('blocks a submit with an empty field until it is edited', () => {
    const invalid = paths.find((p) => p.state.matches('invalid') && p.state.context.identifier === '');
    expect(invalid?.state.context.errors).toEqual({
      identifier: VALIDATION.required,
      password: VALIDATION.required,
    });
    expect(invalid?.state.can({ type: 'form.submit' })).toBe(false);
  });
});
