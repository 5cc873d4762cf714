import { describe, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { COUNTDOWN_START } from '../../src/machines/otpStep.ts';
import {
  type ResetContext,
  type ResetField,
  resetPasswordMachine,
} from '../../src/machines/resetPassword.machine.ts';
import { apiError, email, otpStepEvents, sent, syntheticEvents, verified } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate, notify } from '../support/machineEffects.ts';
import { atOtp, otpStepEntered, otpStepExpectation } from '../support/machineOtp.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof resetPasswordMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const { done, failure } = syntheticEvents<Event>();
const strongPassword = 'N3w!secret';

/** One failure of each call per scenario. */
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
  {
    send: apiError(404),
    verify: apiError(0, 'Network Error'),
    resend: apiError(0, ''),
    update: apiError(304),
  },
];
type Scenario = (typeof scenarios)[number];

const eventsOf = (scenario: Scenario): Event[] => [
  { type: 'field.change', field: 'email', value: email },
  { type: 'field.change', field: 'email', value: '' },
  { type: 'field.change', field: 'email', value: 'not-an-address' },
  { type: 'form.submit' },
  done('requestPasswordReset', sent),
  failure('requestPasswordReset', scenario.send),
  ...otpStepEvents<Event>('resetPassword.otp', {
    verified: verified('reset'),
    verifyFails: scenario.verify,
    resendFails: scenario.resend,
  }),
  { type: 'field.change', field: 'password', value: strongPassword },
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

const pathsOf = (scenario: Scenario) => generatePaths(resetPasswordMachine, { events: eventsFor(scenario) });

const shownOf = ({ email, otp, password, errors, secondsLeft }: ResetContext) => ({
  email,
  otp,
  password,
  errors,
  secondsLeft,
});

/** Spec §2 /resetpassword, §4, §8: the e-mail, the OTP step, then the new password and the session. */
const expectStep =
  (scenario: Scenario) =>
  (event: Event, before: Snapshot): ExpectedStep => {
    const shown = shownOf(before.context);
    const { errors } = before.context;
    const otpStep = {
      step: 'otp',
      recipient: { userID: sent.userID, email: sent.email },
      shown: (patch: object) => ({ ...shown, ...patch }),
      expiredText: AUTH.resetOtpExpired,
    };
    const inOtpStep = otpStepExpectation(otpStep, event, before);
    if (inOtpStep) return inOtpStep;
    const at = (step: 'email' | 'password', state: string, tags: string[] = []) => ({
      value: { [step]: state },
      tags,
    });
    const refusal = (step: 'email' | 'password', text: string, go?: string): ExpectedStep => ({
      ...at(step, 'editing'),
      effects: go ? [notify('error', text), navigate(go)] : [notify('error', text)],
    });
    const e = event as unknown as { type: string; field: ResetField; value: string };
    switch (e.type) {
      case 'xstate.init':
        return {
          ...at('email', 'editing'),
          shown: { email: '', otp: '', password: '', errors: {}, secondsLeft: 0 },
        };
      case 'field.change': {
        const { [e.field]: _edited, ...otherErrors } = errors;
        return { ...at(e.field, 'editing'), shown: { ...shown, [e.field]: e.value, errors: otherErrors } };
      }
      case 'form.submit':
        if (before.matches('email')) {
          return shown.email === email
            ? {
                ...at('email', 'sending', ['busy']),
                calls: [{ actor: 'requestPasswordReset', input: { email } }],
              }
            : {
                ...at('email', 'invalid', ['invalid']),
                shown: { ...shown, errors: { ...errors, email: VALIDATION.invalidEmail } },
              };
        }
        return shown.password === strongPassword
          ? {
              ...at('password', 'updating', ['busy']),
              calls: [{ actor: 'updatePassword', input: { userID: sent.userID, password: strongPassword } }],
            }
          : {
              ...at('password', 'invalid', ['invalid']),
              shown: { ...shown, errors: { ...errors, password: VALIDATION.resetPassword } },
            };
      case 'xstate.done.actor.requestPasswordReset':
        return otpStepEntered(otpStep, errors);
      case 'xstate.error.actor.requestPasswordReset': {
        const { status, message } = scenario.send;
        if (status === 404) return refusal('email', AUTH.resetUnknownUser);
        if (status === 425) return refusal('email', AUTH.resetThrottled, '/');
        return refusal('email', status === 500 ? AUTH.resetSendError : message || AUTH.resetSendError);
      }
      case 'email.change':
        return at('email', 'editing');
      case 'xstate.done.actor.verifyOtp':
        return at('password', 'editing');
      case 'xstate.error.actor.verifyOtp': {
        const { status, message } = scenario.verify;
        const code = { ...atOtp('otp', 'editing', resendOf(before)) };
        if (status === 404) return refusal('email', AUTH.resetUnknownUser);
        if (status === 425)
          return { ...code, effects: [notify('error', AUTH.resetThrottled), navigate('/')] };
        return { ...code, effects: [notify('error', message || AUTH.otpOtherError)] };
      }
      case 'xstate.error.actor.resendOtp': {
        const { status, message } = scenario.resend;
        return {
          ...atOtp('otp', codeOf(before), 'available'),
          effects: [notify('error', status === 500 ? AUTH.resetSendError : message || AUTH.resetSendError)],
        };
      }
      case 'xstate.done.actor.updatePassword':
        return {
          value: 'updated',
          tags: [],
          effects: [
            notify('success', AUTH.passwordUpdated),
            { type: 'startSession', params: { email } },
            navigate('/'),
          ],
        };
      default: {
        const { status, message } = scenario.update;
        if (status === 304) return refusal('password', AUTH.updateNotModified);
        if (status === 400) return refusal('password', AUTH.updateFailed);
        if (status === 403) {
          // the reset grant expired: start again from the e-mail, the secrets forgotten
          return {
            ...refusal('email', message || AUTH.resetExpired),
            shown: { ...shown, otp: '', password: '', errors: {} },
          };
        }
        return refusal('password', message || AUTH.updateFailed);
      }
    }
  };

const regions = (snapshot: Snapshot) => (snapshot.value as { otp: { code: string; resend: unknown } }).otp;
const codeOf = (snapshot: Snapshot) => regions(snapshot).code as 'editing' | 'verifying';
const resendOf = (snapshot: Snapshot) => {
  const { resend } = regions(snapshot);
  return typeof resend === 'string' ? (resend as 'available' | 'resending') : 'countingDown';
};

describe.each(scenarios)(
  'password reset when calls fail with $send.status / $verify.status / $resend.status / $update.status',
  (scenario) => {
    it.each(pathsOf(scenario).map((path) => [describePath(path), path] as const))(
      'sends the OTP, verifies it and sets the new password: %s',
      async (_, path) => {
        await executePath(resetPasswordMachine, path, {
          promiseActors: ['requestPasswordReset', 'verifyOtp', 'resendOtp', 'updatePassword'],
          effects: ['notify', 'dismissNotice', 'navigate', 'startSession'],
          shown: shownOf,
          expectStep: expectStep(scenario),
        });
      },
    );
  },
);

describe('password reset chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, resetPasswordMachine, scenarios.flatMap(pathsOf));
  });
});
