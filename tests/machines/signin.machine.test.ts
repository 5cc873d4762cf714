import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { credentialsOf, signinMachine } from '../../src/machines/signin.machine.ts';
import { apiError, collegeDomain, email, syntheticEvents } from '../support/authFakes.ts';
import { expectChartCovered } from '../support/machineCoverage.ts';
import { navigate, notify } from '../support/machineEffects.ts';
import { describePath, type ExpectedStep, executePath, generatePaths } from '../support/machinePaths.ts';

type Machine = typeof signinMachine;
type Event = EventFrom<Machine>;
type Snapshot = SnapshotFrom<Machine>;

const input = { collegeDomain };
const { done, failure } = syntheticEvents<Event>();

const failures = [
  apiError(401),
  apiError(404),
  apiError(425),
  apiError(403, AUTH.accountNotVerified),
  apiError(0, 'Network Error'),
];

const typedEmail = ' Ada@IETLucknow.ac.in ';
const eventsOf = (failed: (typeof failures)[number]): Event[] => [
  { type: 'field.change', field: 'identifier', value: typedEmail },
  { type: 'field.change', field: 'identifier', value: 'quiet_otter' },
  { type: 'field.change', field: 'identifier', value: 'q!' },
  { type: 'field.change', field: 'password', value: 'any secret' },
  { type: 'form.submit' },
  done('signIn', { msg: AUTH.loggedIn, email }),
  failure('signIn', failed),
];

const scenarios = failures.map((failed) => ({
  failed,
  paths: generatePaths(signinMachine, {
    events: (snapshot) => eventsOf(failed).filter((event) => snapshot.can(event)),
    input,
  }),
}));

/** What the form says under each field for the values the paths type (spec §5). */
const identifierIssue: Record<string, string | undefined> = {
  '': VALIDATION.required,
  'q!': VALIDATION.usernameShort,
};
const passwordIssue: Record<string, string | undefined> = { '': VALIDATION.required };

/** The body for what was typed: an address of the college domain as `email`, anything else as `username`. */
const bodyOf = (identifier: string, password: string) =>
  identifier === typedEmail ? { email, password } : { username: identifier, password };

/** Spec §2 Sign in, §5, §8 Sign in: the form's refusals, then the server's answers as toasts and redirects. */
const expectStep =
  (failed: { status: number; message: string }) =>
  (event: Event, before: Snapshot): ExpectedStep => {
    const { identifier, password, errors } = before.context;
    const e = event as unknown as { type: string; field: 'identifier' | 'password'; value: string };
    switch (e.type) {
      case 'xstate.init':
        return { value: 'editing', tags: [], shown: { identifier: '', password: '', errors: {} } };
      case 'field.change': {
        const { [e.field]: _edited, ...otherErrors } = errors;
        return {
          value: 'editing',
          tags: [],
          shown: { identifier, password, [e.field]: e.value, errors: otherErrors },
        };
      }
      case 'form.submit': {
        const issues = {
          ...(identifierIssue[identifier] ? { identifier: identifierIssue[identifier] } : {}),
          ...(passwordIssue[password] ? { password: passwordIssue[password] } : {}),
        };
        return Object.keys(issues).length > 0
          ? { value: 'invalid', tags: ['invalid'], shown: { identifier, password, errors: issues } }
          : {
              value: 'submitting',
              tags: ['busy'],
              calls: [{ actor: 'signIn', input: bodyOf(identifier, password) }],
            };
      }
      case 'xstate.done.actor.signIn':
        return {
          value: 'signedIn',
          tags: [],
          effects: [
            notify('success', AUTH.loggedIn),
            { type: 'startSession', params: { email } },
            navigate('/'),
          ],
        };
      default: {
        const back = { value: 'editing', tags: [] };
        switch (failed.status) {
          case 401:
            return { ...back, effects: [notify('error', AUTH.invalidCredentials)] };
          case 404:
            return { ...back, effects: [notify('error', AUTH.unknownUser), navigate('/signup')] };
          case 425:
            return { ...back, effects: [notify('error', AUTH.signinThrottled), navigate('/')] };
          case 403:
            // verify the account first: with the address when one was typed
            return {
              ...back,
              effects: [
                notify('error', AUTH.accountNotVerified),
                navigate('/varifyaccount', { state: identifier === typedEmail ? { email } : undefined }),
              ],
            };
          default:
            return { ...back, effects: [notify('error', failed.message)] };
        }
      }
    }
  };

describe.each(scenarios)('sign-in when the server answers $failed.status', ({ failed, paths }) => {
  it.each(paths.map((path) => [describePath(path), path] as const))(
    'checks the form, signs in or says why not: %s',
    async (_, path) => {
      await executePath(signinMachine, path, {
        input,
        promiseActors: ['signIn'],
        effects: ['notify', 'navigate', 'startSession'],
        shown: ({ identifier, password, errors }) => ({ identifier, password, errors }),
        expectStep: expectStep(failed),
      });
    },
  );
});

describe('sign-in chart', () => {
  it('takes every state and every transition', ({ task }) => {
    expectChartCovered(
      task,
      signinMachine,
      scenarios.flatMap((scenario) => scenario.paths),
    );
  });

  it('sends an address of the college domain as email and anything else as username', () => {
    const base = { collegeDomain, password: 'pw', errors: {} };
    expect(credentialsOf({ ...base, identifier: typedEmail })).toEqual({ email, password: 'pw' });
    expect(credentialsOf({ ...base, identifier: 'quiet_otter' })).toEqual({
      username: 'quiet_otter',
      password: 'pw',
    });
    expect(credentialsOf({ ...base, identifier: 'ada@gmail.com' })).toEqual({
      username: 'ada@gmail.com',
      password: 'pw',
    });
  });
});
