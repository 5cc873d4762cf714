/**
 * Sign-up (spec §2, §4, §8): the form (username from suggestions, college e-mail, password), then the
 * OTP step with a 60 s resend countdown and 'Change email', then verified: session, welcome, home.
 */
import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import type { z } from 'zod';
import { DELAYS } from '../domain/constants.ts';
import type { authResponses } from '../domain/entities.ts';
import { AUTH } from '../domain/messages.ts';
import {
  otpSchema,
  type ResendOtpBody,
  type SignupBody,
  signupBodySchema,
  type VarifyOtpBody,
} from '../domain/validation.ts';
import type { Navigation, Notice } from './effects.ts';
import { usernameSuggestionsMachine } from './usernameSuggestions.machine.ts';

export type OtpSent = z.infer<typeof authResponses.otpSent>;
export type Verified = z.infer<typeof authResponses.verified>;

/** An invoked call's failure as the machines read it: the HTTP status (0 when unknown) and the message. */
export function failureOf(error: unknown): { status: number; message: string } {
  if (error && typeof error === 'object') {
    const { status, message } = error as { status?: unknown; message?: unknown };
    return {
      status: typeof status === 'number' ? status : 0,
      message: typeof message === 'string' ? message : '',
    };
  }
  return { status: 0, message: typeof error === 'string' ? error : '' };
}

/** The number shown in 'Resend OTP (Ns)' when a countdown starts. */
export const COUNTDOWN_START = DELAYS.RESEND_COUNTDOWN / DELAYS.COUNTDOWN_TICK;

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

/** The errors without the one of a field just edited. */
function withoutError(errors: SignupErrors, field: keyof SignupErrors): SignupErrors {
  const { [field]: _edited, ...rest } = errors;
  return rest;
}

const emptyFields: Record<SignupField, string> = { username: '', email: '', password: '' };

function formIssues(context: SignupContext): SignupErrors {
  const result = signupBodySchema(context.collegeDomain).safeParse(context.fields);
  const errors: SignupErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as SignupField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const failed = (status: number) => ({
  type: 'failedWith' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, status }),
});
const say = (kind: Notice['kind'], text: string) => ({ type: 'notify' as const, params: { kind, text } });
const sayServer = (fallback: string) => ({
  type: 'notify' as const,
  params: ({ event }: { event: { error: unknown } }): Notice => ({
    kind: 'error',
    text: failureOf(event.error).message || fallback,
  }),
});

export const signupMachine = setup({
  types: {
    input: {} as { collegeDomain: string },
    context: {} as SignupContext,
    events: {} as SignupEvent,
  },
  actors: {
    usernameSuggestions: signupUsernameSuggestions,
    signUp: fromPromise<OtpSent, SignupBody>(async () => {
      throw new Error('signUp is provided by the app');
    }),
    verifyOtp: fromPromise<Verified, VarifyOtpBody>(async () => {
      throw new Error('verifyOtp is provided by the app');
    }),
    resendOtp: fromPromise<OtpSent, ResendOtpBody>(async () => {
      throw new Error('resendOtp is provided by the app');
    }),
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
    setOtp: assign(({ context }, params: { value: string }) => ({
      otp: params.value,
      errors: withoutError(context.errors, 'otp'),
    })),
    showOtpError: assign(({ context }) => ({
      errors: { ...context.errors, otp: otpSchema.safeParse(context.otp).error?.issues[0]?.message ?? '' },
    })),
    clearOtp: assign(({ context }) => ({ otp: '', errors: withoutError(context.errors, 'otp') })),
    startCountdown: assign({ secondsLeft: COUNTDOWN_START }),
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    endCountdown: assign({ secondsLeft: 0 }),
    resetForm: assign({ fields: emptyFields, errors: {}, userID: '', email: '', otp: '' }),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(formIssues(context)).length === 0,
    otpIsValid: ({ context }) => otpSchema.safeParse(context.otp).success,
    failedWith: (_, params: { error: unknown; status: number }) =>
      failureOf(params.error).status === params.status,
  },
  delays: {
    RESEND_COUNTDOWN: DELAYS.RESEND_COUNTDOWN,
    COUNTDOWN_TICK: DELAYS.COUNTDOWN_TICK,
  },
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
    awaitingOtp: {
      type: 'parallel',
      entry: 'clearOtp',
      on: { 'email.change': { target: 'form' } },
      states: {
        code: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'otp.change': { actions: { type: 'setOtp', params: ({ event }) => event } },
                'otp.submit': [
                  { guard: 'otpIsValid', target: 'verifying' },
                  { target: 'invalid', actions: 'showOtpError' },
                ],
              },
            },
            invalid: {
              tags: ['invalid'],
              on: {
                'otp.change': {
                  target: 'editing',
                  actions: { type: 'setOtp', params: ({ event }) => event },
                },
              },
            },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ context }) => ({
                  userID: context.userID,
                  email: context.email,
                  otp: context.otp.trim(),
                }),
                onDone: {
                  target: '#signup.verified',
                  actions: [
                    say('success', AUTH.emailVerified),
                    { type: 'startSession', params: ({ event }) => ({ email: event.output.email }) },
                    'showWelcome',
                    { type: 'navigate', params: { to: '/' } },
                  ],
                },
                onError: [
                  {
                    guard: failed(401),
                    target: 'editing',
                    actions: [say('error', AUTH.invalidOtp), 'clearOtp'],
                  },
                  { guard: failed(403), target: 'editing', actions: say('error', AUTH.otpExpired) },
                  {
                    target: '#signup.form',
                    actions: [
                      say('error', AUTH.otpOtherError),
                      'resetForm',
                      { type: 'navigate', params: { to: '/signup' } },
                    ],
                  },
                ],
              },
            },
          },
        },
        resend: {
          initial: 'countingDown',
          states: {
            countingDown: {
              entry: 'startCountdown',
              after: { RESEND_COUNTDOWN: 'available' },
              initial: 'ticking',
              states: {
                ticking: {
                  after: { COUNTDOWN_TICK: { target: 'ticking', reenter: true, actions: 'tick' } },
                },
              },
            },
            available: {
              entry: 'endCountdown',
              on: { 'otp.resend': 'resending' },
            },
            resending: {
              tags: ['busy'],
              invoke: {
                id: 'resendOtp',
                src: 'resendOtp',
                input: ({ context }) => ({ userID: context.userID, email: context.email }),
                onDone: { target: 'countingDown', actions: say('success', AUTH.otpSent) },
                onError: { target: 'available', actions: sayServer(AUTH.otpOtherError) },
              },
            },
          },
        },
      },
    },
    verified: { type: 'final' },
  },
});
