/**
 * Sign-up (spec §2, §4, §8): the form (username from suggestions, college e-mail, password), then the
 * OTP step with a 60 s resend countdown and 'Change email', then verified: session, welcome, home.
 */
import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { AUTH } from '../domain/messages.ts';
import {
  type ResendOtpBody,
  type SignupBody,
  signupBodySchema,
  type VarifyOtpBody,
} from '../domain/validation.ts';
import { type Navigation, type Notice, notProvided } from './effects.ts';
import { failed, failedWith } from './failure.ts';
import { errorsByField, withoutError } from './forms.ts';
import { go, say, sayServer, startSessionFromOutput } from './notices.ts';
import {
  countdownDelays,
  type OtpSent,
  otpActions,
  otpIsValid,
  otpRejected,
  otpStep,
  type Verified,
} from './otpStep.ts';
import { usernameSuggestionsMachine } from './usernameSuggestions.machine.ts';

export type SignupField = 'username' | 'email' | 'password';
export type SignupErrors = Partial<Record<SignupField | 'otp', string>>;

export interface SignupContext {
  collegeDomain: string;
  fields: Record<SignupField, string>;
  errors: SignupErrors;
  /** Who the OTP was sent to, once the server accepted the form. */
  userID: string;
  email: string;
  otp: string;
  secondsLeft: number;
}

export type SignupEvent =
  | { type: 'field.change'; field: SignupField; value: string }
  | { type: 'username.fill'; username: string }
  | { type: 'chip.choose'; username: string }
  | { type: 'username.refresh' }
  | { type: 'form.submit' }
  | { type: 'otp.change'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'email.change' };

/** The suggestions child of the sign-up form: every name it hands out fills the username field. */
export const signupUsernameSuggestions = usernameSuggestionsMachine.provide({
  actions: {
    fill: sendParent((_, params: { username: string }) => ({
      type: 'username.fill',
      username: params.username,
    })),
  },
});

const emptyFields: Record<SignupField, string> = { username: '', email: '', password: '' };

const formIssues = (context: SignupContext): SignupErrors =>
  errorsByField<SignupField>(signupBodySchema(context.collegeDomain).safeParse(context.fields).error?.issues);

export const signupMachine = setup({
  types: {
    input: {} as { collegeDomain: string },
    context: {} as SignupContext,
    events: {} as SignupEvent,
    tags: {} as 'busy' | 'invalid',
  },
  actors: {
    usernameSuggestions: signupUsernameSuggestions,
    signUp: fromPromise<OtpSent, SignupBody>(async () => notProvided('signup', 'signUp')),
    verifyOtp: fromPromise<Verified, VarifyOtpBody>(async () => notProvided('signup', 'verifyOtp')),
    resendOtp: fromPromise<OtpSent, ResendOtpBody>(async () => notProvided('signup', 'resendOtp')),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    navigate: (_, _params: Navigation) => {},
    startSession: (_, _params: { email: string }) => {},
    showWelcome: () => {},
    setField: assign(({ context }, params: { field: SignupField; value: string }) => ({
      fields: { ...context.fields, [params.field]: params.value },
      errors: withoutError(context.errors, params.field),
    })),
    showFormErrors: assign({ errors: ({ context }) => formIssues(context) }),
    forwardToSuggestions: sendTo('usernameSuggestions', (_, params: { event: SignupEvent }) => params.event),
    rememberRecipient: assign((_, params: OtpSent) => ({ userID: params.userID, email: params.email })),
    ...otpActions<SignupContext, SignupEvent>(),
    resetForm: assign({ fields: emptyFields, errors: {}, userID: '', email: '', otp: '' }),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(formIssues(context)).length === 0,
    otpIsValid,
    failedWith,
  },
  delays: countdownDelays,
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    collegeDomain: input.collegeDomain,
    fields: emptyFields,
    errors: {},
    userID: '',
    email: '',
    otp: '',
    secondsLeft: 0,
  }),
  invoke: { id: 'usernameSuggestions', src: 'usernameSuggestions' },
  initial: 'form',
  states: {
    form: {
      initial: 'editing',
      on: {
        'field.change': { target: '.editing', actions: { type: 'setField', params: ({ event }) => event } },
        'username.fill': {
          target: '.editing',
          actions: {
            type: 'setField',
            params: ({ event }) => ({ field: 'username', value: event.username }),
          },
        },
        'chip.choose': { actions: { type: 'forwardToSuggestions', params: ({ event }) => ({ event }) } },
        'username.refresh': { actions: { type: 'forwardToSuggestions', params: ({ event }) => ({ event }) } },
      },
      states: {
        editing: {
          on: {
            'form.submit': [
              { guard: 'formIsValid', target: '#signup.submitting' },
              { target: 'invalid', actions: 'showFormErrors' },
            ],
          },
        },
        invalid: { tags: ['invalid'] },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) =>
          signupBodySchema(context.collegeDomain).safeParse(context.fields).data ?? context.fields,
        onDone: {
          target: 'awaitingOtp',
          actions: [
            { type: 'rememberRecipient', params: ({ event }) => event.output },
            say('success', AUTH.otpSent),
          ],
        },
        onError: [
          { guard: failed(400), target: 'form', actions: say('error', AUTH.userExists) },
          { guard: failed(500), target: 'form', actions: say('error', AUTH.signupServerError) },
          { target: 'form', actions: sayServer(AUTH.signupServerError) },
        ],
      },
    },
    awaitingOtp: otpStep({
      back: 'form',
      onVerified: {
        target: '#signup.verified',
        actions: [
          say('success', AUTH.emailVerified),
          startSessionFromOutput,
          'showWelcome' as const,
          go('/'),
        ],
      },
      onVerifyError: [
        ...otpRejected(AUTH.otpExpired),
        {
          target: '#signup.form',
          actions: [say('error', AUTH.otpOtherError), 'resetForm' as const, go('/signup')],
        },
      ],
      onResendError: { target: 'available', actions: sayServer(AUTH.otpOtherError) },
    }),
    verified: { type: 'final' },
  },
});
