import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { COUNTDOWN_START } from '../../src/machines/otpStep.ts';
import { resetPasswordMachine } from '../../src/machines/resetPassword.machine.ts';
import {
  apiError,
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

type Machine = typeof resetPasswordMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();

/** One failure of each call per scenario (paths are told apart by event types only). */
const scenarios = [
  { send: apiError(404), verify: apiError(401), resend: apiError(500), update: apiError(304) },
  {
    send: apiError(500),
    verify: apiError(403),
    resend: apiError(425, 'Too many requests.'),
    update: apiError(400),
  },
  {
    send: apiError(425),
    verify: apiError(425),
    resend: apiError(500),
    update: apiError(403, AUTH.resetExpired),
  },
  {
    send: apiError(0, 'Network Error'),
    verify: apiError(404),
    resend: apiError(500),
    update: apiError(0, 'Network Error'),
  },
];
type Scenario = (typeof scenarios)[number];

const eventsOf = (scenario: Scenario): Event[] => [
  { type: 'field.change', field: 'email', value: email },
  { type: 'field.change', field: 'email', value: 'not-an-address' },
  { type: 'form.submit' },
  done('requestPasswordReset', sent),
  failure('requestPasswordReset', scenario.send),
  ...otpStepEvents<Event>('resetPassword.otp', {
    verified: verified('reset'),
    verifyFails: scenario.verify,
    resendFails: scenario.resend,
  }),
  { type: 'field.change', field: 'password', value: 'N3w!secret' },
  { type: 'field.change', field: 'password', value: 'short' },
  done('updatePassword', { msg: AUTH.passwordUpdated, email }),
  failure('updatePassword', scenario.update),
];

/** Field edits only where their step shows the field; one tick shows the countdown running. */
const eventsFor = (scenario: Scenario) => (snapshot: Snapshot) =>
  eventsOf(scenario).filter((event) => {
    if (!snapshot.can(event)) return false;
    if (event.type === 'field.change')
      return snapshot.matches(event.field === 'email' ? 'email' : 'password');
    if (event.type.startsWith('xstate.after.COUNTDOWN_TICK'))
      return snapshot.context.secondsLeft === COUNTDOWN_START;
    return true;
  });

const { pathsByScenario, paths } = pathsOfScenarios(resetPasswordMachine, scenarios, eventsFor);

/** Spec §8 for the reset flow, read along a path. */
function expectedEffects(path: MachinePath<Machine>) {
  const want = expectedEffectsLog();
  for (const step of path.steps) {
    const event = step.event as { type: string; error?: { status: number; message: string } };
    const status = event.error?.status;
    switch (event.type) {
      case 'xstate.done.actor.requestPasswordReset':
      case 'xstate.done.actor.resendOtp':
        want.otpSent();
        break;
      case 'xstate.error.actor.requestPasswordReset':
        if (status === 404) want.error(AUTH.resetUnknownUser);
        else if (status === 500) want.error(AUTH.resetSendError);
        else if (status === 425) {
          want.error(AUTH.resetThrottled);
          want.go('/');
        } else want.error(event.error?.message ?? '');
        break;
      case 'xstate.error.actor.verifyOtp':
        if (status === 401) want.error(AUTH.invalidOtp);
        else if (status === 403) want.error(AUTH.resetOtpExpired);
        else if (status === 425) {
          want.error(AUTH.resetThrottled);
          want.go('/');
        } else if (status === 404) want.error(AUTH.resetUnknownUser);
        else want.error(event.error?.message ?? '');
        break;
      case 'xstate.error.actor.resendOtp':
        want.error(status === 500 ? AUTH.resetSendError : (event.error?.message ?? ''));
        break;
      case 'xstate.done.actor.updatePassword':
        want.success(AUTH.passwordUpdated);
        want.startSession(email);
        want.go('/');
        break;
      case 'xstate.error.actor.updatePassword':
        if (status === 304) want.error(AUTH.updateNotModified);
        else if (status === 400) want.error(AUTH.updateFailed);
        else want.error(event.error?.message ?? '');
        break;
    }
  }
  return want.effects;
}

describe.each(pathsByScenario)(
  'password reset when calls fail with $scenario.send.status / $scenario.verify.status / $scenario.resend.status / $scenario.update.status',
  ({ paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart with the spec’s toasts and redirects: %s',
      async (_, path) => {
        const spies = await runPath(resetPasswordMachine, path, {
          promiseActors: ['requestPasswordReset', 'verifyOtp', 'resendOtp', 'updatePassword'],
        });
        expectEffects(spies, expectedEffects(path));
      },
    );
  },
);

const lastEvent = (path: MachinePath<Machine>) =>
  path.steps.at(-1)?.event as { type: string; error?: { status: number } };

describe('password reset chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(resetPasswordMachine, paths);
  });

  it('asks for a valid e-mail before sending the OTP', () => {
    const invalid = paths.find((p) => p.state.matches({ email: 'invalid' }) && p.state.context.email !== '');
    expect(invalid?.state.context.errors.email).toBe(VALIDATION.invalidEmail);
  });

  it('asks for a strong new password before updating it', () => {
    const invalid = paths.find((p) => p.state.matches({ password: 'invalid' }));
    expect(invalid?.state.context.errors.password).toBe(VALIDATION.resetPassword);
  });

  it('clears the OTP field after an invalid OTP', () => {
    const path = paths.find(
      (p) => lastEvent(p).type === 'xstate.error.actor.verifyOtp' && lastEvent(p).error?.status === 401,
    );
    expect(path?.state.context.otp).toBe('');
  });

  it('goes back to the e-mail step when the reset grant has expired', () => {
    const path = paths.find(
      (p) => lastEvent(p).type === 'xstate.error.actor.updatePassword' && lastEvent(p).error?.status === 403,
    );
    expect(path?.state.matches({ email: 'editing' })).toBe(true);
    expect(path?.state.context.email).toBe(email);
  });
});
