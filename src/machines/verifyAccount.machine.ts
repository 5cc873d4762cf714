/**
 * Account verification on /varifyaccount (spec §2): e-mail and OTP fields, 'Send OTP' (then
 * 'Resend OTP (Ns)' after a 60 s countdown) and Verify. A verified account goes to /signin, unless the
 * OTP was the sign-up one: then the server has signed the user in and home is next.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { DELAYS } from '../domain/constants.ts';
import { AUTH } from '../domain/messages.ts';
import { emailSchema, otpSchema, type ResendOtpBody, type VarifyOtpBody } from '../domain/validation.ts';
import type { Navigation, Notice } from './effects.ts';
import { COUNTDOWN_START, failureOf, type OtpSent, type Verified } from './signup.machine.ts';

export type VerifyField = 'email' | 'otp';
export type VerifyErrors = Partial<Record<VerifyField, string>>;

export interface VerifyContext {
  email: string;
  otp: string;
  errors: VerifyErrors;
  /** The address the last OTP was sent to; empty before the first send. */
  sentTo: string;
  secondsLeft: number;
}

export type VerifyEvent =
  | { type: 'field.change'; field: 'email'; value: string }
  | { type: 'otp.change'; value: string }
  | { type: 'otp.resend' }
  | { type: 'otp.submit' };

function withoutError(errors: VerifyErrors, field: VerifyField): VerifyErrors {
  const { [field]: _edited, ...rest } = errors;
  return rest;
}

const firstIssue = (schema: z.ZodType, value: string) => schema.safeParse(value).error?.issues[0]?.message;

function formIssues(context: VerifyContext): VerifyErrors {
  const errors: VerifyErrors = {};
  const email = firstIssue(emailSchema, context.email);
  const otp = firstIssue(otpSchema, context.otp);
  if (email) errors.email = email;
  if (otp) errors.otp = otp;
  return errors;
}

const failed = (status: number) => ({
  type: 'failedWith' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, status }),
});
const say = (kind: Notice['kind'], text: string) => ({ type: 'notify' as const, params: { kind, text } });
const edit = {
  'field.change': {
    target: 'editing',
    actions: {
      type: 'setEmail' as const,
      params: ({ event }: { event: VerifyEvent }) => ({
        value: event.type === 'field.change' ? event.value : '',
      }),
    },
  },
  'otp.change': {
    target: 'editing',
    actions: {
      type: 'setOtp' as const,
      params: ({ event }: { event: VerifyEvent }) => ({
        value: event.type === 'otp.change' ? event.value : '',
      }),
    },
  },
};
const sendOtp = [
  { guard: 'emailIsValid' as const, target: 'sending' },
  { actions: 'showEmailError' as const },
];

export const verifyAccountMachine = setup({
  types: {
    input: {} as { email?: string },
    context: {} as VerifyContext,
    events: {} as VerifyEvent,
  },
  actors: {
    resendOtp: fromPromise<OtpSent, ResendOtpBody>(async () => {
      throw new Error('resendOtp is provided by the app');
    }),
    verifyOtp: fromPromise<Verified, VarifyOtpBody>(async () => {
      throw new Error('verifyOtp is provided by the app');
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    navigate: (_, _params: Navigation) => {},
    startSession: (_, _params: { email: string }) => {},
    setEmail: assign(({ context }, params: { value: string }) => ({
      email: params.value,
      errors: withoutError(context.errors, 'email'),
    })),
    setOtp: assign(({ context }, params: { value: string }) => ({
      otp: params.value,
      errors: withoutError(context.errors, 'otp'),
    })),
    showEmailError: assign(({ context }) => ({
      errors: { ...context.errors, email: firstIssue(emailSchema, context.email) ?? '' },
    })),
    showFormErrors: assign({ errors: ({ context }) => formIssues(context) }),
    rememberRecipient: assign((_, params: { email: string }) => ({ sentTo: params.email })),
    clearOtp: assign(({ context }) => ({ otp: '', errors: withoutError(context.errors, 'otp') })),
    startCountdown: assign({ secondsLeft: COUNTDOWN_START }),
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    endCountdown: assign({ secondsLeft: 0 }),
  },
  guards: {
    emailIsValid: ({ context }) => emailSchema.safeParse(context.email).success,
    formIsValid: ({ context }) => Object.keys(formIssues(context)).length === 0,
    hasSentBefore: ({ context }) => context.sentTo !== '',
    signedUpJustNow: (_, params: { purpose: Verified['purpose'] }) => params.purpose === 'signup',
    failedWith: (_, params: { error: unknown; status: number }) =>
      failureOf(params.error).status === params.status,
  },
  delays: {
    RESEND_COUNTDOWN: DELAYS.RESEND_COUNTDOWN,
    COUNTDOWN_TICK: DELAYS.COUNTDOWN_TICK,
  },
}).createMachine({
  id: 'verifyAccount',
  context: ({ input }) => ({ email: input.email ?? '', otp: '', errors: {}, sentTo: '', secondsLeft: 0 }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        sending: {
          initial: 'unsent',
          states: {
            unsent: { on: { 'otp.resend': sendOtp } },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'resendOtp',
                src: 'resendOtp',
                input: ({ context }) => ({
                  email: emailSchema.safeParse(context.email).data ?? context.email,
                }),
                onDone: {
                  target: 'countingDown',
                  actions: [
                    { type: 'rememberRecipient', params: ({ event }) => ({ email: event.output.email }) },
                    say('success', AUTH.otpSent),
                  ],
                },
                onError: [
                  {
                    guard: 'hasSentBefore',
                    target: 'available',
                    actions: {
                      type: 'notify',
                      params: ({ event }) => ({
                        kind: 'error',
                        text: failureOf(event.error).message || AUTH.otpOtherError,
                      }),
                    },
                  },
                  {
                    target: 'unsent',
                    actions: {
                      type: 'notify',
                      params: ({ event }) => ({
                        kind: 'error',
                        text: failureOf(event.error).message || AUTH.otpOtherError,
                      }),
                    },
                  },
                ],
              },
            },
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
              on: { 'otp.resend': sendOtp },
            },
          },
        },
        verification: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                ...edit,
                'otp.submit': [
                  { guard: 'formIsValid', target: 'verifying' },
                  { target: 'invalid', actions: 'showFormErrors' },
                ],
              },
            },
            invalid: { tags: ['invalid'], on: edit },
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ context }) => ({
                  email: emailSchema.safeParse(context.email).data ?? context.email,
                  otp: context.otp.trim(),
                }),
                onDone: [
                  {
                    guard: {
                      type: 'signedUpJustNow',
                      params: ({ event }) => ({ purpose: event.output.purpose }),
                    },
                    target: '#verifyAccount.verified',
                    actions: [
                      say('success', AUTH.emailVerified),
                      { type: 'startSession', params: ({ event }) => ({ email: event.output.email }) },
                      { type: 'navigate', params: { to: '/' } },
                    ],
                  },
                  {
                    target: '#verifyAccount.verified',
                    actions: [
                      say('success', AUTH.emailVerified),
                      { type: 'navigate', params: { to: '/signin' } },
                    ],
                  },
                ],
                onError: [
                  {
                    guard: failed(401),
                    target: 'editing',
                    actions: [say('error', AUTH.invalidOtp), 'clearOtp'],
                  },
                  { guard: failed(403), target: 'editing', actions: say('error', AUTH.otpExpired) },
                  { target: 'editing', actions: say('error', AUTH.otpOtherError) },
                ],
              },
            },
          },
        },
      },
    },
    verified: { type: 'final' },
  },
});
