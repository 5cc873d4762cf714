import { describe, expect, it, vi } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import type { Notice } from '../../src/machines/effects.ts';
import { COUNTDOWN_START } from '../../src/machines/signup.machine.ts';
import { verifyAccountMachine } from '../../src/machines/verifyAccount.machine.ts';
import {
  describePath,
  executePath,
  expectEveryStateReached,
  generatePaths,
  type MachinePath,
} from '../support/machinePaths.ts';

type Machine = typeof verifyAccountMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const email = 'ada@ietlucknow.ac.in';
const sent = { msg: 'sent', userID: '5b0c1d62-4c5e-4c41-9d1e-2f6f4b8a9c11', email };
const apiError = (status: number, message = `server says ${status}`) => ({ status, message });
const synthetic = (event: object) => event as Event;

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
  synthetic({ type: 'xstate.done.actor.resendOtp', output: sent }),
  synthetic({ type: 'xstate.error.actor.resendOtp', error: scenario.send }),
  synthetic({
    type: 'xstate.done.actor.verifyOtp',
    output: { msg: 'ok', email, userID: sent.userID, purpose: scenario.purpose },
  }),
  synthetic({ type: 'xstate.error.actor.verifyOtp', error: scenario.verify }),
  synthetic({ type: 'xstate.after.COUNTDOWN_TICK.verifyAccount.active.sending.countingDown.ticking' }),
  synthetic({ type: 'xstate.after.RESEND_COUNTDOWN.verifyAccount.active.sending.countingDown' }),
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

const serializeState = (snapshot: Snapshot, event?: Event) =>
  JSON.stringify([snapshot.value, snapshot.context, event?.type.startsWith('xstate.') ? event : null]);

const pathsByScenario = scenarios.map((scenario) => ({
  scenario,
  paths: generatePaths(verifyAccountMachine, {
    events: eventsFor(scenario),
    input: {},
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

function expectedEffects(path: MachinePath<Machine>, scenario: Scenario): Effects {
  const effects: Effects = { notify: [], navigate: [], startSession: [] };
  const error = (text: string) => effects.notify.push({ kind: 'error', text });
  for (const step of path.steps) {
    const event = step.event as { type: string; error?: { status: number; message: string } };
    const status = event.error?.status;
    switch (event.type) {
      case 'xstate.done.actor.resendOtp':
        effects.notify.push({ kind: 'success', text: AUTH.otpSent });
        break;
      case 'xstate.error.actor.resendOtp':
        error(event.error?.message ?? '');
        break;
      case 'xstate.done.actor.verifyOtp':
        effects.notify.push({ kind: 'success', text: AUTH.emailVerified });
        if (scenario.purpose === 'signup') {
          effects.startSession.push(email);
          effects.navigate.push('/');
        } else effects.navigate.push('/signin');
        break;
      case 'xstate.error.actor.verifyOtp':
        error(status === 401 ? AUTH.invalidOtp : status === 403 ? AUTH.otpExpired : AUTH.otpOtherError);
        break;
    }
  }
  return effects;
}

describe.each(pathsByScenario)(
  'account verification ($scenario.purpose OTP, send fails $scenario.send.status, verify fails $scenario.verify.status)',
  ({ scenario, paths }) => {
    it.each(paths.map((path) => [describePath(path), path] as const))(
      'follows the chart with the spec’s toasts and redirects: %s',
      async (_, path) => {
        const spies = { notify: vi.fn(), navigate: vi.fn(), startSession: vi.fn() };
        await executePath(verifyAccountMachine, path, {
          input: {},
          promiseActors: ['resendOtp', 'verifyOtp'],
          provide: { actions: spies },
          onStep: (actual, expected) => expect(actual.tags).toEqual(expected.tags),
        });
        const expected = expectedEffects(path, scenario);
        expect(spies.notify.mock.calls.map(([, notice]) => notice)).toEqual(expected.notify);
        expect(spies.navigate.mock.calls.map(([, nav]) => nav.to)).toEqual(expected.navigate);
        expect(spies.startSession.mock.calls.map(([, p]) => p.email)).toEqual(expected.startSession);
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
