/**
 * Password reset on /resetpassword (spec §2, §4, §8), three steps: the e-mail (Send OTP), the OTP
 * ('Varify OTP', Resend OTP after a 60 s countdown), then the new password (Confirm): signed in, home.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import type { authResponses } from '../domain/entities.ts';
import { AUTH } from '../domain/messages.ts';
import {
  emailSchema,
  type ResendOtpBody,
  type ResetPassBody,
  resetPasswordSchema,
  type UpdatePassBody,
  type VarifyOtpBody,
} from '../domain/validation.ts';
import { type Navigation, type Notice, notProvided } from './effects.ts';
import { failed, failedWith } from './failure.ts';
import { editingStates, firstIssue, withoutError } from './forms.ts';
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

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    tags: {} as 'busy' | 'invalid',
  },
  actors: {
    requestPasswordReset: fromPromise<OtpSent, ResetPassBody>(async () =>
      notProvided('resetPassword', 'requestPasswordReset'),
    ),
    verifyOtp: fromPromise<Verified, VarifyOtpBody>(async () => notProvided('resetPassword', 'verifyOtp')),
    resendOtp: fromPromise<OtpSent, ResendOtpBody>(async () => notProvided('resetPassword', 'resendOtp')),
    updatePassword: fromPromise<PasswordUpdated, UpdatePassBody>(async () =>
      notProvided('resetPassword', 'updatePassword'),
    ),
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
      errors: { ...context.errors, email: firstIssue(emailSchema, context.email) ?? '' },
    })),
    showPasswordError: assign(({ context }) => ({
      errors: { ...context.errors, password: firstIssue(resetPasswordSchema, context.password) ?? '' },
    })),
    rememberAccount: assign((_, params: OtpSent) => ({ userID: params.userID, email: params.email })),
    ...otpActions<ResetContext, ResetEvent>(),
    clearSecrets: assign({ otp: '', password: '', errors: {} }),
  },
  guards: {
    emailIsValid: ({ context }) => emailSchema.safeParse(context.email).success,
    otpIsValid,
    passwordIsValid: ({ context }) => resetPasswordSchema.safeParse(context.password).success,
    failedWith,
  },
  delays: countdownDelays,
}).createMachine({
  id: 'resetPassword',
  context: { email: '', userID: '', otp: '', password: '', errors: {}, secondsLeft: 0 },
  initial: 'email',
  states: {
    email: {
      initial: 'editing',
      states: {
        ...editingStates('emailIsValid', 'sending', 'showEmailError'),
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
    otp: otpStep({
      back: 'email',
      onVerified: { target: '#resetPassword.password' },
      onVerifyError: [
        ...otpRejected(AUTH.resetOtpExpired),
        { guard: failed(425), target: 'editing', actions: [say('error', AUTH.resetThrottled), go('/')] },
        { guard: failed(404), target: '#resetPassword.email', actions: say('error', AUTH.resetUnknownUser) },
        { target: 'editing', actions: sayServer(AUTH.otpOtherError) },
      ],
      onResendError: [
        { guard: failed(500), target: 'available', actions: say('error', AUTH.resetSendError) },
        { target: 'available', actions: sayServer(AUTH.resetSendError) },
      ],
    }),
    password: {
      initial: 'editing',
      states: {
        ...editingStates('passwordIsValid', 'updating', 'showPasswordError'),
        updating: {
          tags: ['busy'],
          invoke: {
            id: 'updatePassword',
            src: 'updatePassword',
            input: ({ context }) => ({ userID: context.userID, password: context.password }),
            onDone: {
              target: '#resetPassword.updated',
              actions: [say('success', AUTH.passwordUpdated), startSessionFromOutput, go('/')],
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
