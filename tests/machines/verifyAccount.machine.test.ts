import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { COUNTDOWN_START } from '../../src/machines/otpStep.ts';
import { verifyAccountMachine } from '../../src/machines/verifyAccount.machine.ts';
import {
  apiError,
  email,
  expectEffects,
  expectedEffectsLog,
  pathsOfScenarios,
  runPath,
  sent,
  syntheticEvents,
  verified,
} from '../support/authFakes.ts';
import {
  describePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof verifyAccountMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const { done, failure, after } = syntheticEvents<Event>();

/** Each scenario: how the OTP was issued, and one failure of each call. */
const scenarios = [
  { purpose: 'verify', send: apiError(425, 'Too many requests.'), verify: apiError(401) },
  { purpose: 'signup', send: apiError(404, 'No such user'), verify: apiError(403) },
  { purpose: 'verify', send: apiError(500, 'Mail is down'), verify: apiError(425) },
] as const;
type Scenario = (typeof scenarios)[number];

const eventsOf = (scenario: Scenario): Event[] => [
  { type: 'field.change', field: 'email', value: email },
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

const { pathsByScenario, paths } = pathsOfScenarios(verifyAccountMachine, scenarios, eventsFor, {});

function expectedEffects(path: MachinePath<Machine>, scenario: Scenario) {
  const want = expectedEffectsLog();
  for (const step of path.steps) {
    const event = step.event as { type: string; error?: { status: number; message: string } };
    const status = event.error?.status;
    switch (event.type) {
      case 'xstate.done.actor.resendOtp':
        want.otpSent();
        break;
      case 'xstate.error.actor.resendOtp':
        want.error(event.error?.message ?? '');
        break;
      case 'xstate.done.actor.verifyOtp':
        want.success(AUTH.emailVerified);
        if (scenario.purpose === 'signup') {
          want.startSession(email);
          want.go('/');
        } else want.go('/signin');
        break;
      case 'xstate.error.actor.verifyOtp':
        want.error(status === 401 ? AUTH.invalidOtp : status === 403 ? AUTH.otpExpired : AUTH.otpOtherError);
        break;
    }
  }
  return want.effects;
}

describe.each(pathsByScenario)(
  'account verification ($scenario.purpose OTP, send fails $scenario.send.status, verify fails $scenario.verify.status)',
  ({ scenario, paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart with the spec’s toasts and redirects: %s',
      async (_, path) => {
        const spies = await runPath(verifyAccountMachine, path, {
          input: {},
          promiseActors: ['resendOtp', 'verifyOtp'],
        });
        expectEffects(spies, expectedEffects(path, scenario));
      },
    );
  },
);

describe('account verification chart', () => {
  it('has every state reached by some path', () => {
    expectEveryStateReached(verifyAccountMachine, paths);
  });

  it('starts with the e-mail it was given', () => {
    const paths = generatePaths(verifyAccountMachine, { events: [], input: { email }, simplePaths: false });
    expect(paths[0]?.state.context.email).toBe(email);
  });

  it('shows both field errors when Verify is pressed on an empty form', () => {
    const invalid = paths.find(
      (p) => p.state.matches({ active: { verification: 'invalid' } }) && !p.state.context.email,
    );
    expect(invalid?.state.context.errors).toEqual({ email: VALIDATION.invalidEmail, otp: VALIDATION.otp });
    expect(invalid?.state.can({ type: 'otp.submit' })).toBe(false);
  });

  it('keeps Resend OTP disabled while the countdown runs', () => {
    const counting = paths.find((p) => p.state.matches({ active: { sending: 'countingDown' } }));
    expect(counting?.state.can({ type: 'otp.resend' })).toBe(false);
  });
});
