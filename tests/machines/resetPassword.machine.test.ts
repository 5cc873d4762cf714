import { describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import type { Notice } from '../../src/machines/effects.ts';
import { resetPasswordMachine } from '../../src/machines/resetPassword.machine.ts';
import { COUNTDOWN_START } from '../../src/machines/signup.machine.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof resetPasswordMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const email = 'ada@ietlucknow.ac.in';
const sent = { msg: 'sent', userID: '5b0c1d62-4c5e-4c41-9d1e-2f6f4b8a9c11', email };
const apiError = (status: number, message = `server says ${status}`) => ({ status, message });
const synthetic = (event: object) => event as Event;

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
  synthetic({ type: 'xstate.done.actor.requestPasswordReset', output: sent }),
  synthetic({ type: 'xstate.error.actor.requestPasswordReset', error: scenario.send }),
  { type: 'otp.change', value: '123456' },
  { type: 'otp.change', value: '12' },
  { type: 'otp.submit' },
  synthetic({
    type: 'xstate.done.actor.verifyOtp',
    output: { msg: 'ok', email, userID: sent.userID, purpose: 'reset' },
  }),
  synthetic({ type: 'xstate.error.actor.verifyOtp', error: scenario.verify }),
  { type: 'otp.resend' },
  synthetic({ type: 'xstate.done.actor.resendOtp', output: sent }),
  synthetic({ type: 'xstate.error.actor.resendOtp', error: scenario.resend }),
  synthetic({ type: 'xstate.after.COUNTDOWN_TICK.resetPassword.otp.resend.countingDown.ticking' }),
  synthetic({ type: 'xstate.after.RESEND_COUNTDOWN.resetPassword.otp.resend.countingDown' }),
  { type: 'email.change' },
  { type: 'field.change', field: 'password', value: 'N3w!secret' },
  { type: 'field.change', field: 'password', value: 'short' },
  synthetic({ type: 'xstate.done.actor.updatePassword', output: { msg: AUTH.passwordUpdated, email } }),
  synthetic({ type: 'xstate.error.actor.updatePassword', error: scenario.update }),
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

const serializeState = (snapshot: Snapshot, event?: Event) =>
  JSON.stringify([snapshot.value, snapshot.context, event?.type.startsWith('xstate.') ? event : null]);

const pathsByScenario = scenarios.map((scenario) => ({
  scenario,
  paths: generatePaths(resetPasswordMachine, {
    events: eventsFor(scenario),
    serializeState: serializeState as (snapshot: Snapshot) => string,
    simplePaths: false,
  }),
}));
const paths = pathsByScenario.flatMap((entry) => entry.paths);

interface Effects {
  notify: Notice[];
  navigate: string[];
  startSession: string[];
}

/** Spec §8 for the reset flow, read along a path. */
function expectedEffects(path: MachinePath<Machine>): Effects {
  const effects: Effects = { notify: [], navigate: [], startSession: [] };
  const error = (text: string) => effects.notify.push({ kind: 'error', text });
  for (const step of path.steps) {
    const event = step.event as { type: string; error?: { status: number; message: string } };
    const status = event.error?.status;
    switch (event.type) {
      case 'xstate.done.actor.requestPasswordReset':
      case 'xstate.done.actor.resendOtp':
        effects.notify.push({ kind: 'success', text: AUTH.otpSent });
        break;
      case 'xstate.error.actor.requestPasswordReset':
        if (status === 404) error(AUTH.resetUnknownUser);
        else if (status === 500) error(AUTH.resetSendError);
        else if (status === 425) {
          error(AUTH.resetThrottled);
          effects.navigate.push('/');
        } else error(event.error?.message ?? '');
        break;
      case 'xstate.error.actor.verifyOtp':
        if (status === 401) error(AUTH.invalidOtp);
        else if (status === 403) error(AUTH.resetOtpExpired);
        else if (status === 425) {
          error(AUTH.resetThrottled);
          effects.navigate.push('/');
        } else if (status === 404) error(AUTH.resetUnknownUser);
        else error(event.error?.message ?? '');
        break;
      case 'xstate.error.actor.resendOtp':
        error(status === 500 ? AUTH.resetSendError : (event.error?.message ?? ''));
        break;
      case 'xstate.done.actor.updatePassword':
        effects.notify.push({ kind: 'success', text: AUTH.passwordUpdated });
        effects.startSession.push(email);
        effects.navigate.push('/');
        break;
      case 'xstate.error.actor.updatePassword':
        if (status === 304) error(AUTH.updateNotModified);
        else if (status === 400) error(AUTH.updateFailed);
        else error(event.error?.message ?? '');
        break;
    }
  }
  return effects;
}

describe.each(pathsByScenario)(
  'password reset when calls fail with $scenario.send.status / $scenario.verify.status / $scenario.resend.status / $scenario.update.status',
  ({ paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart with the spec’s toasts and redirects: %s',
      async (_, path) => {
        const spies = { notify: vi.fn(), navigate: vi.fn(), startSession: vi.fn() };
        await executePath(resetPasswordMachine, path, {
          promiseActors: ['requestPasswordReset', 'verifyOtp', 'resendOtp', 'updatePassword'],
          provide: { actions: spies },
          onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
        });
        const expected = expectedEffects(path);
        expect(spies.notify.mock.calls.map(([, notice]) => notice)).toEqual(expected.notify);
        expect(spies.navigate.mock.calls.map(([, nav]) => nav.to)).toEqual(expected.navigate);
        expect(spies.startSession.mock.calls.map(([, p]) => p.email)).toEqual(expected.startSession);
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
