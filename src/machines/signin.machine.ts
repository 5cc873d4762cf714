/**
 * Sign-in (spec §2, §5, §8): one 'Username / Email' field and a password. An address of the college
 * domain is sent as `email`, anything else as `username`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import type { authResponses } from '../domain/entities.ts';
import { AUTH, VALIDATION } from '../domain/messages.ts';
import {
  anyPasswordSchema,
  emailSchema,
  isCollegeEmail,
  type SigninBody,
  usernameSchema,
} from '../domain/validation.ts';
import { type Navigation, type Notice, notProvided } from './effects.ts';
import { failed, failedWith } from './failure.ts';
import { editingStates, firstIssue, withoutError } from './forms.ts';
import { go, say, sayServer, startSessionFromOutput } from './notices.ts';

export type SignedIn = z.infer<typeof authResponses.signedIn>;
export type SigninField = 'identifier' | 'password';
export type SigninErrors = Partial<Record<SigninField, string>>;

export interface SigninContext {
  collegeDomain: string;
  identifier: string;
  password: string;
  errors: SigninErrors;
}

export type SigninEvent =
  | { type: 'field.change'; field: SigninField; value: string }
  | { type: 'form.submit' };

/** The body the server expects for what was typed in 'Username / Email'. */
export function credentialsOf(context: SigninContext): SigninBody {
  const identifier = context.identifier.trim();
  return isCollegeEmail(identifier, context.collegeDomain)
    ? { email: identifier.toLowerCase(), password: context.password }
    : { username: identifier, password: context.password };
}

function formIssues(context: SigninContext): SigninErrors {
  const errors: SigninErrors = {};
  const identifier = context.identifier.trim();
  if (!identifier) errors.identifier = VALIDATION.required;
  else {
    const schema = isCollegeEmail(identifier, context.collegeDomain) ? emailSchema : usernameSchema;
    const issue = firstIssue(schema, identifier);
    if (issue !== undefined) errors.identifier = issue;
  }
  const passwordIssue = firstIssue(anyPasswordSchema, context.password);
  if (passwordIssue !== undefined) errors.password = passwordIssue;
  return errors;
}

export const signinMachine = setup({
  types: {
    input: {} as { collegeDomain: string },
    context: {} as SigninContext,
    events: {} as SigninEvent,
    tags: {} as 'busy' | 'invalid',
  },
  actors: {
    signIn: fromPromise<SignedIn, SigninBody>(async () => notProvided('signin', 'signIn')),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    navigate: (_, _params: Navigation) => {},
    startSession: (_, _params: { email: string }) => {},
    setField: assign(({ context }, params: { field: SigninField; value: string }) => ({
      [params.field]: params.value,
      errors: withoutError(context.errors, params.field),
    })),
    showFormErrors: assign({ errors: ({ context }) => formIssues(context) }),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(formIssues(context)).length === 0,
    failedWith,
  },
}).createMachine({
  id: 'signin',
  context: ({ input }) => ({ collegeDomain: input.collegeDomain, identifier: '', password: '', errors: {} }),
  initial: 'editing',
  states: {
    ...editingStates('formIsValid', 'submitting', 'showFormErrors'),
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => credentialsOf(context),
        onDone: {
          target: 'signedIn',
          actions: [say('success', AUTH.loggedIn), startSessionFromOutput, go('/')],
        },
        onError: [
          { guard: failed(401), target: 'editing', actions: say('error', AUTH.invalidCredentials) },
          { guard: failed(404), target: 'editing', actions: [say('error', AUTH.unknownUser), go('/signup')] },
          { guard: failed(425), target: 'editing', actions: [say('error', AUTH.signinThrottled), go('/')] },
          {
            guard: failed(403),
            target: 'editing',
            actions: [
              sayServer(AUTH.accountNotVerified),
              {
                type: 'navigate',
                params: ({ context }) => {
                  const body = credentialsOf(context);
                  return { to: '/varifyaccount', state: 'email' in body ? { email: body.email } : undefined };
                },
              },
            ],
          },
          { target: 'editing', actions: sayServer(AUTH.serverError) },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});
