import { describe, expect, it } from 'vitest';
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { COUNTDOWN_START } from '../../src/machines/otpStep.ts';
import {
  type SignupContext,
  type SignupField,
  signupMachine,
  signupUsernameSuggestions,
} from '../../src/machines/signup.machine.ts';
import {
  apiError,
  collegeDomain,
  email,
  otpStepEvents,
  sent,
  syntheticEvents,
  verified,
} from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate, notify } from '../support/machineEffects.ts';
import { atOtp, otpStepEntered, otpStepExpectation } from '../support/machineOtp.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof signupMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = EventFrom<Machine>;

const input = { collegeDomain };
const { done, failure } = syntheticEvents<Event>();

/** One failure of each call per scenario. */
const scenarios = [
  { signUp: apiError(400), verifyOtp: apiError(401), resendOtp: apiError(425, 'Too many requests. Wait.') },
  { signUp: apiError(500), verifyOtp: apiError(403), resendOtp: apiError(500, 'Mail is down') },
  { signUp: apiError(0, 'Network Error'), verifyOtp: apiError(404), resendOtp: apiError(404, '') },
];
type Scenario = (typeof scenarios)[number];

const eventsOf = (scenario: Scenario): Event[] => [
  { type: 'username.fill', username: 'quiet_otter' },
  { type: 'chip.choose', username: 'amber_fox' },
  { type: 'username.refresh' },
  { type: 'field.change', field: 'email', value: ' Ada@IETLucknow.ac.in ' },
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

const pathsOf = (scenario: Scenario) => generatePaths(signupMachine, { events: eventsFor(scenario), input });

/** The suggestions child never answers: these paths are about the form and the OTP step. */
const silentSuggestions = signupUsernameSuggestions.provide({
  actors: { generateUsernames: fromPromise(() => new Promise<string[]>(() => {})) },
});

const shownOf = ({ fields, errors, otp, secondsLeft }: SignupContext) => ({
  fields,
  errors,
  otp,
  secondsLeft,
});
const emptyFields = { username: '', email: '', password: '' };

/** What the form says under each field for the values the paths type (spec §5). */
const issues: Record<SignupField, Record<string, string>> = {
  username: { '': VALIDATION.usernameShort },
  email: { '': VALIDATION.invalidEmail, 'ada@gmail.com': VALIDATION.collegeEmail },
  password: { '': VALIDATION.password },
};
const formIssues = (fields: Record<SignupField, string>) =>
  Object.fromEntries(
    (['username', 'email', 'password'] as const).flatMap((field) => {
      const issue = issues[field][fields[field]];
      return issue ? [[field, issue]] : [];
    }),
  );

/**
 * Spec §2 Sign up, §4, §8: the form (the username from the suggestions child), the OTP step, then the
 * session, the welcome overlay and home.
 */
const expectStep =
  (scenario: Scenario) =>
  (event: Event, before: Snapshot): ExpectedStep => {
    const shown = shownOf(before.context);
    const { fields, errors } = before.context;
    const otpStep = {
      step: 'awaitingOtp',
      recipient: { userID: sent.userID, email: sent.email },
      shown: (patch: object) => ({ ...shown, ...patch }),
      expiredText: AUTH.otpExpired,
    };
    const inOtpStep = otpStepExpectation(otpStep, event, before);
    if (inOtpStep) return inOtpStep;
    const edit = (field: SignupField, value: string): ExpectedStep => {
      const { [field]: _edited, ...otherErrors } = errors;
      return {
        value: { form: 'editing' },
        tags: [],
        shown: { ...shown, fields: { ...fields, [field]: value }, errors: otherErrors },
      };
    };
    const e = event as unknown as { type: string; field: SignupField; value: string; username: string };
    switch (e.type) {
      case 'xstate.init':
        return {
          value: { form: 'editing' },
          tags: [],
          shown: { fields: emptyFields, errors: {}, otp: '', secondsLeft: 0 },
        };
      case 'username.fill':
        return edit('username', e.username);
      case 'field.change':
        return edit(e.field, e.value);
      case 'chip.choose':
      case 'username.refresh':
        return { sent: [{ to: 'usernameSuggestions', event }] };
      case 'form.submit': {
        const refused = formIssues(fields);
        return Object.keys(refused).length > 0
          ? { value: { form: 'invalid' }, tags: ['invalid'], shown: { ...shown, errors: refused } }
          : {
              value: 'submitting',
              tags: ['busy'],
              calls: [{ actor: 'signUp', input: { ...fields, email: fields.email.trim().toLowerCase() } }],
            };
      }
      case 'xstate.done.actor.signUp':
        return otpStepEntered(otpStep, errors);
      case 'xstate.error.actor.signUp': {
        const { status, message } = scenario.signUp;
        const text = status === 400 ? AUTH.userExists : status === 500 ? AUTH.signupServerError : message;
        return { value: { form: 'editing' }, tags: [], effects: [notify('error', text)] };
      }
      case 'email.change':
        // back to the form with the fields kept
        return { value: { form: 'editing' }, tags: [] };
      case 'xstate.done.actor.verifyOtp':
        return {
          value: 'verified',
          tags: [],
          effects: [
            notify('success', AUTH.emailVerified),
            { type: 'startSession', params: { email } },
            { type: 'showWelcome' },
            navigate('/'),
          ],
        };
      case 'xstate.error.actor.verifyOtp':
        // any other refusal starts a fresh form
        return {
          value: { form: 'editing' },
          tags: [],
          shown: { ...shown, fields: emptyFields, errors: {}, otp: '' },
          effects: [notify('error', AUTH.otpOtherError), navigate('/signup')],
        };
      default: {
        const { code } = (before.value as { awaitingOtp: { code: 'editing' | 'invalid' | 'verifying' } })
          .awaitingOtp;
        return {
          ...atOtp('awaitingOtp', code, 'available'),
          effects: [notify('error', scenario.resendOtp.message || AUTH.otpOtherError)],
        };
      }
    }
  };

describe.each(scenarios)(
  'sign-up when calls fail with $signUp.status / $verifyOtp.status / $resendOtp.status',
  (scenario) => {
    it.each(pathsOf(scenario).map((path) => [describePath(path), path] as const))(
      'checks the form, sends and verifies the OTP, then starts the session: %s',
      async (_, path) => {
        await executePath(signupMachine, path, {
          input,
          promiseActors: ['signUp', 'verifyOtp', 'resendOtp'],
          provide: { actors: { usernameSuggestions: silentSuggestions } },
          effects: ['notify', 'dismissNotice', 'navigate', 'startSession', 'showWelcome'],
          shown: shownOf,
          expectStep: expectStep(scenario),
        });
      },
    );
  },
);

describe('sign-up chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(task, signupMachine, scenarios.flatMap(pathsOf));
  });

  it('fills the username with each name its suggestions child hands out', async () => {
    const suggestions = signupUsernameSuggestions.provide({
      actors: { generateUsernames: fromPromise(async () => ['amber_fox', 'quiet_otter', 'brisk_lynx']) },
    });
    const actor = createActor(signupMachine.provide({ actors: { usernameSuggestions: suggestions } }), {
      input,
    }).start();
    await new Promise((resolve) => setImmediate(resolve));
    actor.send({ type: 'username.refresh' });
    expect(actor.getSnapshot().context.fields.username).toBe('amber_fox');
    actor.send({ type: 'chip.choose', username: 'brisk_lynx' });
    expect(actor.getSnapshot().context.fields.username).toBe('brisk_lynx');
  });
});
