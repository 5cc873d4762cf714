import { describe, expect, it, vi } from 'vitest';
import { type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { AUTH } from '../../src/domain/messages.ts';
import type { Notice } from '../../src/machines/effects.ts';
import {
  COUNTDOWN_START,
  signupMachine,
  signupUsernameSuggestions,
} from '../../src/machines/signup.machine.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof signupMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const input = { collegeDomain: 'ietlucknow.ac.in' };
const email = 'ada@ietlucknow.ac.in';
const sent = { msg: 'sent', userID: '5b0c1d62-4c5e-4c41-9d1e-2f6f4b8a9c11', email };
const apiError = (status: number, message = `server says ${status}`) => ({ status, message });
const synthetic = (event: object) => event as Event;

/**
 * One failure of each call per scenario: paths are told apart by their event types, so the
 * statuses of one call are spread over scenarios rather than offered side by side.
 */
const scenarios = [
  { signUp: apiError(400), verifyOtp: apiError(401), resendOtp: apiError(425, 'Too many requests. Wait.') },
  { signUp: apiError(500), verifyOtp: apiError(403), resendOtp: apiError(500, 'Mail is down') },
  {
    signUp: apiError(0, 'Network Error'),
    verifyOtp: apiError(404),
    resendOtp: apiError(404, 'No such user'),
  },
  { signUp: apiError(400), verifyOtp: apiError(425), resendOtp: apiError(425, 'Too many requests. Wait.') },
];
type Scenario = (typeof scenarios)[number];

const eventsOf = (scenario: Scenario): Event[] => [
  { type: 'username.fill', username: 'quiet_otter' },
  { type: 'field.change', field: 'email', value: email },
  { type: 'field.change', field: 'email', value: 'ada@gmail.com' },
  { type: 'field.change', field: 'password', value: 'Str0ng!pass' },
  { type: 'form.submit' },
  synthetic({ type: 'xstate.done.actor.signUp', output: sent }),
  synthetic({ type: 'xstate.error.actor.signUp', error: scenario.signUp }),
  { type: 'otp.change', value: '123456' },
  { type: 'otp.change', value: '12ab' },
  { type: 'otp.submit' },
  synthetic({
    type: 'xstate.done.actor.verifyOtp',
    output: { msg: 'ok', email, userID: sent.userID, purpose: 'signup' },
  }),
  synthetic({ type: 'xstate.error.actor.verifyOtp', error: scenario.verifyOtp }),
  { type: 'otp.resend' },
  synthetic({ type: 'xstate.done.actor.resendOtp', output: sent }),
  synthetic({ type: 'xstate.error.actor.resendOtp', error: scenario.resendOtp }),
  synthetic({ type: 'xstate.after.COUNTDOWN_TICK.signup.awaitingOtp.resend.countingDown.ticking' }),
  synthetic({ type: 'xstate.after.RESEND_COUNTDOWN.signup.awaitingOtp.resend.countingDown' }),
  { type: 'email.change' },
];

/** One tick of the countdown is enough to show it running; the rest would only repeat it. */
const eventsFor = (scenario: Scenario) => (snapshot: Snapshot) =>
  eventsOf(scenario).filter(
    (event) =>
      snapshot.can(event) &&
      !(
        event.type.startsWith('xstate.after.COUNTDOWN_TICK') && snapshot.context.secondsLeft < COUNTDOWN_START
      ),
  );

/** A state is its value and context, plus the actor result or timer that led there: every outcome gets a path. */
function serializeState(snapshot: Snapshot, event?: Event): string {
  const cause = event?.type.startsWith('xstate.') ? event : null;
  return JSON.stringify([snapshot.value, snapshot.context, cause]);
}

const pathsOf = (scenario: Scenario) =>
  generatePaths(signupMachine, {
    events: eventsFor(scenario),
    input,
    serializeState: serializeState as (snapshot: Snapshot) => string,
    simplePaths: false,
  });
const pathsByScenario = scenarios.map((scenario) => ({ scenario, paths: pathsOf(scenario) }));
const paths = pathsByScenario.flatMap((entry) => entry.paths);

interface Effects {
  notify: Notice[];
  navigate: string[];
  startSession: string[];
  showWelcome: number;
}

/** The spec's table (§8) read along a path: which toast, redirect and session start each step causes. */
function expectedEffects(path: MachinePath<Machine>): Effects {
  const effects: Effects = { notify: [], navigate: [], startSession: [], showWelcome: 0 };
  const error = (text: string) => effects.notify.push({ kind: 'error', text });
  for (const step of path.steps) {
    const event = step.event as { type: string; error?: { status: number; message: string } };
    const status = event.error?.status;
    switch (event.type) {
      case 'xstate.done.actor.signUp':
      case 'xstate.done.actor.resendOtp':
        effects.notify.push({ kind: 'success', text: AUTH.otpSent });
        break;
      case 'xstate.error.actor.signUp':
        error(status === 400 ? AUTH.userExists : status === 500 ? AUTH.signupServerError : 'Network Error');
        break;
      case 'xstate.done.actor.verifyOtp':
        effects.notify.push({ kind: 'success', text: AUTH.emailVerified });
        effects.startSession.push(email);
        effects.showWelcome += 1;
        effects.navigate.push('/');
        break;
      case 'xstate.error.actor.verifyOtp':
        if (status === 401) error(AUTH.invalidOtp);
        else if (status === 403) error(AUTH.otpExpired);
        else {
          error(AUTH.otpOtherError);
          effects.navigate.push('/signup');
        }
        break;
      case 'xstate.error.actor.resendOtp':
        error(event.error?.message ?? '');
        break;
    }
  }
  return effects;
}

async function run(path: MachinePath<Machine>) {
  const spies = { notify: vi.fn(), navigate: vi.fn(), startSession: vi.fn(), showWelcome: vi.fn() };
  await executePath(signupMachine, path, {
    input,
    promiseActors: ['signUp', 'verifyOtp', 'resendOtp'],
    provide: {
      actions: spies,
      actors: {
        usernameSuggestions: signupUsernameSuggestions.provide({
          actors: { generateUsernames: fromPromise(() => new Promise<string[]>(() => {})) },
        }),
      },
    },
    onStep: (actual, expected) => {
      expect(actual.tags).toEqual(expected.tags);
    },
  });
  return spies;
}

const lastEvent = (path: MachinePath<Machine>) =>
  path.steps.at(-1)?.event as { type: string; error?: { status: number } };

describe.each(pathsByScenario)(
  'sign-up when calls fail with $scenario.signUp.status / $scenario.verifyOtp.status / $scenario.resendOtp.status',
  ({ paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart with the spec’s toasts and redirects: %s',
      async (_, path) => {
        const spies = await run(path);
        const expected = expectedEffects(path);
        expect(spies.notify.mock.calls.map(([, notice]) => notice)).toEqual(expected.notify);
        expect(spies.navigate.mock.calls.map(([, nav]) => nav.to)).toEqual(expected.navigate);
        expect(spies.startSession.mock.calls.map(([, p]) => p.email)).toEqual(expected.startSession);
        expect(spies.showWelcome).toHaveBeenCalledTimes(expected.showWelcome);
      },
    );
  },
);

describe('sign-up chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(signupMachine, paths);
  });

  it('stays small enough to run on every change', () => {
    expect(paths.length).toBeLessThan(2000);
  });

  it('refuses a second submit after a validation error until a field is edited', () => {
    const invalid = paths.find(
      (p) => p.state.matches({ form: 'invalid' }) && p.state.context.errors.email === '* use IET email id!',
    );
    expect(invalid).toBeDefined();
    expect(invalid?.state.can({ type: 'form.submit' })).toBe(false);
    expect(invalid?.state.hasTag('invalid')).toBe(true);
  });

  it('clears the OTP field after an invalid OTP', () => {
    const path = paths.find(
      (p) => lastEvent(p)?.type === 'xstate.error.actor.verifyOtp' && lastEvent(p)?.error?.status === 401,
    );
    expect(path?.state.context.otp).toBe('');
    expect(path?.state.matches({ awaitingOtp: { code: 'editing' } })).toBe(true);
  });

  it('goes back to the form with the fields kept on Change email', () => {
    const path = paths.find((p) => lastEvent(p)?.type === 'email.change');
    expect(path?.state.matches('form')).toBe(true);
    expect(path?.state.context.fields.email).toBe(email);
    expect(path?.state.context.fields.username).toBe('quiet_otter');
  });

  it('starts a fresh form after an unexpected OTP failure', () => {
    const path = paths.find(
      (p) => lastEvent(p)?.type === 'xstate.error.actor.verifyOtp' && lastEvent(p)?.error?.status === 425,
    );
    expect(path?.state.context.fields).toEqual({ username: '', email: '', password: '' });
  });

  it('enables Resend OTP only when the 60 s countdown is over', () => {
    const counting = paths.find((p) => p.state.matches({ awaitingOtp: { resend: 'countingDown' } }));
    expect(counting?.state.context.secondsLeft).toBe(60);
    expect(counting?.state.can({ type: 'otp.resend' })).toBe(false);
    const available = paths.find((p) => p.state.matches({ awaitingOtp: { resend: 'available' } }));
    expect(available?.state.context.secondsLeft).toBe(0);
    expect(available?.state.can({ type: 'otp.resend' })).toBe(true);
  });
});
