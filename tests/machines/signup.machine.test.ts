import { describe, expect, it } from 'vitest';
import { type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { AUTH } from '../../src/domain/messages.ts';
import { COUNTDOWN_START } from '../../src/machines/otpStep.ts';
import { signupMachine, signupUsernameSuggestions } from '../../src/machines/signup.machine.ts';
import {
  apiError,
  collegeDomain,
  email,
  expectEffects,
  expectedEffectsLog,
  otpStepEvents,
  pathsOfScenarios,
  runPath,
  sent,
  syntheticEvents,
  verified,
} from '../support/authFakes.ts';
import { describePath, expectEveryStateReached, type MachinePath } from '../support/machinePaths.ts';

type Machine = typeof signupMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const input = { collegeDomain };
const { done, failure } = syntheticEvents<Event>();

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
  done('signUp', sent),
  failure('signUp', scenario.signUp),
  ...otpStepEvents<Event>('signup.awaitingOtp', {
    verified: verified('signup'),
    verifyFails: scenario.verifyOtp,
    resendFails: scenario.resendOtp,
  }),
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

const { pathsByScenario, paths } = pathsOfScenarios(signupMachine, scenarios, eventsFor, input);

/** The spec's table (§8) read along a path: which toast, redirect and session start each step causes. */
function expectedEffects(path: MachinePath<Machine>) {
  const want = expectedEffectsLog();
  for (const step of path.steps) {
    const event = step.event as { type: string; error?: { status: number; message: string } };
    const status = event.error?.status;
    switch (event.type) {
      case 'xstate.done.actor.signUp':
      case 'xstate.done.actor.resendOtp':
        want.otpSent();
        break;
      case 'xstate.error.actor.signUp':
        want.error(
          status === 400 ? AUTH.userExists : status === 500 ? AUTH.signupServerError : 'Network Error',
        );
        break;
      case 'xstate.done.actor.verifyOtp':
        want.success(AUTH.emailVerified);
        want.startSession(email);
        want.effects.showWelcome += 1;
        want.go('/');
        break;
      case 'xstate.error.actor.verifyOtp':
        if (status === 401) want.error(AUTH.invalidOtp);
        else if (status === 403) want.error(AUTH.otpExpired);
        else {
          want.error(AUTH.otpOtherError);
          want.go('/signup');
        }
        break;
      case 'xstate.error.actor.resendOtp':
        want.error(event.error?.message ?? '');
        break;
    }
  }
  return want.effects;
}

/** The suggestions child never answers: these paths are about the form and the OTP step. */
const silentSuggestions = signupUsernameSuggestions.provide({
  actors: { generateUsernames: fromPromise(() => new Promise<string[]>(() => {})) },
});

const lastEvent = (path: MachinePath<Machine>) =>
  path.steps.at(-1)?.event as { type: string; error?: { status: number } };

describe.each(pathsByScenario)(
  'sign-up when calls fail with $scenario.signUp.status / $scenario.verifyOtp.status / $scenario.resendOtp.status',
  ({ paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart with the spec’s toasts and redirects: %s',
      async (_, path) => {
        const spies = await runPath(signupMachine, path, {
          input,
          promiseActors: ['signUp', 'verifyOtp', 'resendOtp'],
          actors: { usernameSuggestions: silentSuggestions },
        });
        expectEffects(spies, expectedEffects(path));
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
