import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, type SnapshotFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { COUNTDOWN_START, OTP_NOTICE_ID } from '../../src/machines/otpStep.ts';
import { type VerifyContext, verifyAccountMachine } from '../../src/machines/verifyAccount.machine.ts';
import { apiError, email, sent, syntheticEvents, verified } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { dismissNotice, navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof verifyAccountMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const { done, failure, after } = syntheticEvents<Event>();
/** A valid address as people type it: the calls get it trimmed and in lower case. */
const typedEmail = ' Ada@IETLucknow.ac.in ';

/** Each scenario: how the OTP was issued, and one failure of each call. */
const scenarios = [
  { purpose: 'verify', send: apiError(425, 'Too many requests.'), verify: apiError(401) },
  { purpose: 'signup', send: apiError(404, 'No such user'), verify: apiError(403) },
  { purpose: 'verify', send: apiError(500, 'Mail is down'), verify: apiError(425) },
] as const;
type Scenario = (typeof scenarios)[number];

const eventsOf = (scenario: Scenario): Event[] => [
  { type: 'field.change', field: 'email', value: typedEmail },
  { type: 'field.change', field: 'email', value: 'nope' },
  { type: 'otp.change', value: '123456' },
  { type: 'otp.resend' },
  { type: 'otp.submit' },
  done('resendOtp', sent),
  failure('resendOtp', scenario.send),
  done('verifyOtp', verified(scenario.purpose)),
  failure('verifyOtp', scenario.verify),
  after('COUNTDOWN_TICK', 'verifyAccount.active.sending.countingDown.ticking'),
  after('RESEND_COUNTDOWN', 'verifyAccount.active.sending.countingDown'),
];

/** One tick shows the countdown running; the e-mail is typed before the OTP, as people do. */
const eventsFor = (scenario: Scenario) => (snapshot: Snapshot) =>
  eventsOf(scenario).filter((event) => {
    if (!snapshot.can(event)) return false;
    if (event.type.startsWith('xstate.after.COUNTDOWN_TICK'))
      return snapshot.context.secondsLeft === COUNTDOWN_START;
    if (event.type === 'field.change') return snapshot.context.otp === '';
    return true;
  });

const pathsOf = (scenario: Scenario) =>
  generatePaths(verifyAccountMachine, { events: eventsFor(scenario), input: {} });

const shownOf = ({ email, otp, errors, secondsLeft }: VerifyContext) => ({ email, otp, errors, secondsLeft });

type Sending = 'unsent' | 'sending' | 'countingDown' | 'available';
type Verification = 'editing' | 'invalid' | 'verifying';

/** The page's value and tags with its two regions at `sending` and `verification`. */
function at(sending: Sending, verification: Verification): ExpectedStep {
  const tags = new Set([
    ...(sending === 'sending' || verification === 'verifying' ? ['busy'] : []),
    ...(verification === 'invalid' ? ['invalid'] : []),
  ]);
  const sendingValue = sending === 'countingDown' ? { countingDown: 'ticking' } : sending;
  return { value: { active: { sending: sendingValue, verification } }, tags: [...tags] };
}

/**
 * Spec §2 /varifyaccount, §8: 'Send OTP' for a valid address (then 'Resend OTP (Ns)' after the
 * countdown), Verify with both fields valid; a verified sign-up OTP goes home signed in, any other to
 * /signin.
 */
function verifyOracle(scenario: Scenario) {
  let sentBefore = false;
  return (event: Event, before: Snapshot): ExpectedStep => {
    const shown = shownOf(before.context);
    const { errors } = before.context;
    const regions = (before.value as { active?: { sending: Sending | object; verification: Verification } })
      .active;
    const sending = typeof regions?.sending === 'string' ? regions.sending : 'countingDown';
    const verification = regions?.verification ?? 'editing';
    const emailIssue = shown.email === typedEmail ? undefined : VALIDATION.invalidEmail;
    const e = event as unknown as { type: string; value: string };
    switch (e.type) {
      case 'xstate.init':
        return { ...at('unsent', 'editing'), shown: { email: '', otp: '', errors: {}, secondsLeft: 0 } };
      case 'field.change':
      case 'otp.change': {
        const field = e.type === 'otp.change' ? 'otp' : 'email';
        const { [field]: _edited, ...otherErrors } = errors;
        return { ...at(sending, 'editing'), shown: { ...shown, [field]: e.value, errors: otherErrors } };
      }
      case 'otp.resend':
        return emailIssue
          ? { shown: { ...shown, errors: { ...errors, email: emailIssue } } }
          : { ...at('sending', verification), calls: [{ actor: 'resendOtp', input: { email } }] };
      case 'xstate.done.actor.resendOtp':
        sentBefore = true;
        return {
          ...at('countingDown', verification),
          shown: { ...shown, secondsLeft: COUNTDOWN_START },
          effects: [notify('success', AUTH.otpSent, OTP_NOTICE_ID)],
        };
      case 'xstate.error.actor.resendOtp':
        return {
          ...at(sentBefore ? 'available' : 'unsent', verification),
          effects: [notify('error', scenario.send.message || AUTH.otpOtherError)],
        };
      case 'otp.submit': {
        const otpIssue = /^\d{6}$/.test(shown.otp.trim()) ? undefined : VALIDATION.otp;
        if (!emailIssue && !otpIssue) {
          return {
            ...at(sending, 'verifying'),
            // the refusal of the code tried before goes
            effects: [dismissNotice(OTP_NOTICE_ID)],
            calls: [{ actor: 'verifyOtp', input: { email, otp: shown.otp.trim() } }],
          };
        }
        const refused = {
          ...(emailIssue ? { email: emailIssue } : {}),
          ...(otpIssue ? { otp: otpIssue } : {}),
        };
        return { ...at(sending, 'invalid'), shown: { ...shown, errors: refused } };
      }
      case 'xstate.done.actor.verifyOtp':
        return {
          value: 'verified',
          tags: [],
          effects:
            scenario.purpose === 'signup'
              ? [
                  notify('success', AUTH.emailVerified),
                  { type: 'startSession', params: { email } },
                  navigate('/'),
                ]
              : [notify('success', AUTH.emailVerified), navigate('/signin')],
        };
      case 'xstate.error.actor.verifyOtp': {
        const { status } = scenario.verify;
        if (status === 401) {
          const { otp: _otpError, ...otherErrors } = errors;
          return {
            ...at(sending, 'editing'),
            shown: { ...shown, otp: '', errors: otherErrors },
            effects: [notify('error', AUTH.invalidOtp, OTP_NOTICE_ID)],
          };
        }
        return {
          ...at(sending, 'editing'),
          effects: [
            status === 403
              ? notify('error', AUTH.otpExpired, OTP_NOTICE_ID)
              : notify('error', AUTH.otpOtherError),
          ],
        };
      }
      default:
        if (e.type.startsWith('xstate.after.COUNTDOWN_TICK'))
          return { shown: { ...shown, secondsLeft: shown.secondsLeft - 1 } };
        return { ...at('available', verification), shown: { ...shown, secondsLeft: 0 } };
    }
  };
}

describe.each(scenarios)(
  'account verification ($purpose OTP, send fails $send.status, verify fails $verify.status)',
  (scenario) => {
    it.each(pathsOf(scenario).map((path) => [describePath(path), path] as const))(
      'sends the OTP, counts down and verifies the account: %s',
      async (_, path) => {
        await executePath(verifyAccountMachine, path, {
          input: {},
          promiseActors: ['resendOtp', 'verifyOtp'],
          effects: ['notify', 'dismissNotice', 'navigate', 'startSession'],
          shown: shownOf,
          expectStep: verifyOracle(scenario),
        });
      },
    );
  },
);

describe('account verification chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, verifyAccountMachine, scenarios.flatMap(pathsOf));
  });

  it('starts with the e-mail it was given', () => {
    const actor = createActor(verifyAccountMachine, { input: { email } });
    expect(actor.getSnapshot().context.email).toBe(email);
  });
});
