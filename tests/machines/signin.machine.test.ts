import { describe, expect, it } from 'vitest';
import type { EventFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { credentialsOf, signinMachine } from '../../src/machines/signin.machine.ts';
import {
  apiError,
  collegeDomain,
  email,
  expectEffects,
  expectedEffectsLog,
  pathsOfScenarios,
  runPath,
  syntheticEvents,
} from '../support/authFakes.ts';
import { describePath, expectEveryStateReached, type MachinePath } from '../support/machinePaths.ts';

type Machine = typeof signinMachine;
type Event = EventFrom<Machine>;

const input = { collegeDomain };
const { done, failure } = syntheticEvents<Event>();

/** Each scenario fails the call one way; paths are told apart by event types, so statuses get a scenario each. */
const failures = [
  apiError(401),
  apiError(404),
  apiError(425),
  apiError(403, AUTH.accountNotVerified),
  apiError(0, 'Network Error'),
];

const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'field.change', field: 'identifier', value: email },
  { type: 'field.change', field: 'identifier', value: 'quiet_otter' },
  { type: 'field.change', field: 'identifier', value: 'q!' },
  { type: 'field.change', field: 'password', value: 'any secret' },
  { type: 'form.submit' },
  done('signIn', { msg: AUTH.loggedIn, email }),
  failure('signIn', failed),
];

const { pathsByScenario: pathsByFailure, paths } = pathsOfScenarios(
  signinMachine,
  failures,
  (failed) => (snapshot) => eventsOf(failed).filter((event) => snapshot.can(event)),
  input,
);

/** Spec §8 for sign-in, read along a path. */
function expectedEffects(path: MachinePath<Machine>) {
  const want = expectedEffectsLog();
  path.steps.forEach((step, index) => {
    const event = step.event as { type: string; error?: { status: number; message: string } };
    const before = path.steps[index - 1]?.state;
    if (event.type === 'xstate.done.actor.signIn') {
      want.success(AUTH.loggedIn);
      want.startSession(email);
      want.go('/');
    }
    if (event.type !== 'xstate.error.actor.signIn' || !before) return;
    switch (event.error?.status) {
      case 401:
        want.error(AUTH.invalidCredentials);
        break;
      case 404:
        want.error(AUTH.unknownUser);
        want.go('/signup');
        break;
      case 425:
        want.error(AUTH.signinThrottled);
        want.go('/');
        break;
      case 403: {
        want.error(AUTH.accountNotVerified);
        const body = credentialsOf(before.context);
        want.effects.navigate.push({ to: '/varifyaccount', state: 'email' in body ? { email } : undefined });
        break;
      }
      default:
        want.error('Network Error');
    }
  });
  return want.effects;
}

describe.each(pathsByFailure)('sign-in when the server answers $scenario.status', ({ paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'follows the chart with the spec’s toasts and redirects: %s',
    async (_, path) => {
      const spies = await runPath(signinMachine, path, { input, promiseActors: ['signIn'] });
      expectEffects(spies, expectedEffects(path));
    },
  );
});

describe('sign-in chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(signinMachine, paths);
  });

  it('sends an address of the college domain as email and anything else as username', () => {
    const base = { collegeDomain, password: 'pw', errors: {} };
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
