/**
 * Password reset on /resetpassword (spec §2, §4, §8), three steps: the e-mail (Send OTP), the OTP
 * ('Varify OTP', Resend OTP after a 60 s countdown), then the new password (Confirm): signed in, home.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { DELAYS } from '../domain/constants.ts';
import type { authResponses } from '../domain/entities.ts';
import { AUTH } from '../domain/messages.ts';
import {
  emailSchema,
  otpSchema,
  type ResendOtpBody,
  type ResetPassBody,
  resetPasswordSchema,
  type UpdatePassBody,
  type VarifyOtpBody,
} from '../domain/validation.ts';
import type { Navigation, Notice } from './effects.ts';
import { COUNTDOWN_START, failureOf, type OtpSent, type Verified } from './signup.machine.ts';

export type PasswordUpdated = z.infer<typeof authResponses.passwordUpdated>;
export type ResetField = 'email' | 'password';
export type ResetErrors = Partial<Record<ResetField | 'otp', string>>;

export interface ResetContext {
  email: string;
  /** The account the OTP was sent for, once the server knows the address. */
  userID: string;
  otp: string;
  password: string;
  errors: ResetErrors;
  secondsLeft: number;
}

export type ResetEvent =
  | { type: 'field.change'; field: ResetField; value: string }
  | { type: 'form.submit' }
  | { type: 'otp.change'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'email.change' };

function withoutError(errors: ResetErrors, field: keyof ResetErrors): ResetErrors {
  const { [field]: _edited, ...rest } = errors;
  return rest;
}

const firstIssue = (schema: z.ZodType, value: string) =>
  schema.safeParse(value).error?.issues[0]?.message ?? '';

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
const go = (to: string) => ({ type: 'navigate' as const, params: { to } });
const setField = {
  type: 'setField' as const,
  params: ({ event }: { event: ResetEvent }) =>
    event.type === 'field.change' ? event : { field: 'email' as const, value: '' },
};
const setOtp = {
  type: 'setOtp' as const,
  params: ({ event }: { event: ResetEvent }) => ({ value: event.type === 'otp.change' ? event.value : '' }),
};

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
  },
  actors: {
    requestPasswordReset: fromPromise<OtpSent, ResetPassBody>(async () => {
      throw new Error('requestPasswordReset is provided by the app');
    }),
    verifyOtp: fromPromise<Verified, VarifyOtpBody>(async () => {
      throw new Error('verifyOtp is provided by the app');
    }),
    resendOtp: fromPromise<OtpSent, ResendOtpBody>(async () => {
      throw new Error('resendOtp is provided by the app');
    }),
    updatePassword: fromPromise<PasswordUpdated, UpdatePassBody>(async () => {
      throw new Error('updatePassword is provided by the app');
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    navigate: (_, _params: Navigation) => {},
    startSession: (_, _params: { email: string }) => {},
    setField: assign(({ context }, params: { field: ResetField; value: string }) => ({
      [params.field]: params.value,
      errors: withoutError(context.errors, params.field),
    })),
    showEmailError: assign(({ context }) => ({
      errors: { ...context.errors, email: firstIssue(emailSchema, context.email) },
    })),
    showPasswordError: assign(({ context }) => ({
      errors: { ...context.errors, password: firstIssue(resetPasswordSchema, context.password) },
    })),
    rememberAccount: assign((_, params: OtpSent) => ({ userID: params.userID, email: params.email })),
    setOtp: assign(({ context }, params: { value: string }) => ({
      otp: params.value,
      errors: withoutError(context.errors, 'otp'),
    })),
    showOtpError: assign(({ context }) => ({
      errors: { ...context.errors, otp: firstIssue(otpSchema, context.otp) },
    })),
    clearOtp: assign(({ context }) => ({ otp: '', errors: withoutError(context.errors, 'otp') })),
    clearSecrets: assign({ otp: '', password: '', errors: {} }),
    startCountdown: assign({ secondsLeft: COUNTDOWN_START }),
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    endCountdown: assign({ secondsLeft: 0 }),
  },
  guards: {
    emailIsValid: ({ context }) => emailSchema.safeParse(context.email).success,
    otpIsValid: ({ context }) => otpSchema.safeParse(context.otp).success,
    passwordIsValid: ({ context }) => resetPasswordSchema.safeParse(context.password).success,
    failedWith: (_, params: { error: unknown; status: number }) =>
      failureOf(params.error).status === params.status,
  },
  delays: {
    RESEND_COUNTDOWN: DELAYS.RESEND_COUNTDOWN,
    COUNTDOWN_TICK: DELAYS.COUNTDOWN_TICK,
  },
}).createMachine({
  id: 'resetPassword',
  context: { email: '', userID: '', otp: '', password: '', errors: {}, secondsLeft: 0 },
  initial: 'email',
  states: {
    email: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: setField },
            'form.submit': [
              { guard: 'emailIsValid', target: 'sending' },
              { target: 'invalid', actions: 'showEmailError' },
            ],
          },
        },
        invalid: {
          tags: ['invalid'],
          on: { 'field.change': { target: 'editing', actions: setField } },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'requestPasswordReset',
            src: 'requestPasswordReset',
            input: ({ context }) => ({ email: emailSchema.safeParse(context.email).data ?? context.email }),
            onDone: {
              target: '#resetPassword.otp',
              actions: [
                { type: 'rememberAccount', params: ({ event }) => event.output },
                say('success', AUTH.otpSent),
              ],
            },
            onError: [
              { guard: failed(404), target: 'editing', actions: say('error', AUTH.resetUnknownUser) },
              { guard: failed(500), target: 'editing', actions: say('error', AUTH.resetSendError) },
              {
                guard: failed(425),
                target: 'editing',
                actions: [say('error', AUTH.resetThrottled), go('/')],
              },
              { target: 'editing', actions: sayServer(AUTH.resetSendError) },
            ],
          },
        },
      },
    },
    otp: {
      type: 'parallel',
      entry: 'clearOtp',
      on: { 'email.change': { target: 'email' } },
      states: {
        code: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'otp.change': { actions: setOtp },
                'otp.submit': [
                  { guard: 'otpIsValid', target: 'verifying' },
                  { target: 'invalid', actions: 'showOtpError' },
                ],
              },
            },
            invalid: {
              tags: ['invalid'],
              on: { 'otp.change': { target: 'editing', actions: setOtp } },
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
                onDone: { target: '#resetPassword.password' },
                onError: [
                  {
                    guard: failed(401),
                    target: 'editing',
                    actions: [say('error', AUTH.invalidOtp), 'clearOtp'],
                  },
                  { guard: failed(403), target: 'editing', actions: say('error', AUTH.resetOtpExpired) },
                  {
                    guard: failed(425),
                    target: 'editing',
                    actions: [say('error', AUTH.resetThrottled), go('/')],
                  },
                  {
                    guard: failed(404),
                    target: '#resetPassword.email',
                    actions: say('error', AUTH.resetUnknownUser),
                  },
                  { target: 'editing', actions: sayServer(AUTH.otpOtherError) },
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
                onError: [
                  { guard: failed(500), target: 'available', actions: say('error', AUTH.resetSendError) },
                  { target: 'available', actions: sayServer(AUTH.resetSendError) },
                ],
              },
            },
          },
        },
      },
    },
    password: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: setField },
            'form.submit': [
              { guard: 'passwordIsValid', target: 'updating' },
              { target: 'invalid', actions: 'showPasswordError' },
            ],
          },
        },
        invalid: {
          tags: ['invalid'],
          on: { 'field.change': { target: 'editing', actions: setField } },
        },
        updating: {
          tags: ['busy'],
          invoke: {
            id: 'updatePassword',
            src: 'updatePassword',
            input: ({ context }) => ({ userID: context.userID, password: context.password }),
            onDone: {
              target: '#resetPassword.updated',
              actions: [
                say('success', AUTH.passwordUpdated),
                { type: 'startSession', params: ({ event }) => ({ email: event.output.email }) },
                go('/'),
              ],
            },
            onError: [
              { guard: failed(304), target: 'editing', actions: say('error', AUTH.updateNotModified) },
              { guard: failed(400), target: 'editing', actions: say('error', AUTH.updateFailed) },
              {
                guard: failed(403),
                target: '#resetPassword.email',
                actions: [sayServer(AUTH.resetExpired), 'clearSecrets'],
              },
              { target: 'editing', actions: sayServer(AUTH.updateFailed) },
            ],
          },
        },
      },
    },
    updated: { type: 'final' },
  },
});
