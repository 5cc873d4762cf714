/**
 * Account verification on /varifyaccount (spec §2): e-mail and OTP fields, 'Send OTP' (then
 * 'Resend OTP (Ns)' after a 60 s countdown) and Verify. A verified account goes to /signin, unless the
 * OTP was the sign-up one: then the server has signed the user in and home is next.
 */
import { assign, fromPromise, setup } from 'xstate';
import { AUTH } from '../domain/messages.ts';
import { emailSchema, otpSchema, type ResendOtpBody, type VarifyOtpBody } from '../domain/validation.ts';
import { type Navigation, type Notice, notProvided } from './effects.ts';
import { failedWith } from './failure.ts';
import { firstIssue, withoutError } from './forms.ts';
import { go, say, sayServer, startSessionFromOutput } from './notices.ts';
import {
  countdownDelays,
  countingDown,
  dismissOtpNotice,
  OTP_NOTICE_ID,
  type OtpSent,
  otpActions,
  otpRejected,
  resendAvailable,
  setOtp,
  type Verified,
} from './otpStep.ts';

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

function formIssues(context: VerifyContext): VerifyErrors {
  const errors: VerifyErrors = {};
  const email = firstIssue(emailSchema, context.email);
  const otp = firstIssue(otpSchema, context.otp);
  if (email) errors.email = email;
  if (otp) errors.otp = otp;
  return errors;
}

const edit = {
  'field.change': {
    target: 'editing',
    actions: {
      type: 'setEmail' as const,
      params: ({ event }: { event: { value: string } }) => ({ value: event.value }),
    },
  },
  'otp.change': { target: 'editing', actions: setOtp },
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
    tags: {} as 'busy' | 'invalid',
  },
  actors: {
    resendOtp: fromPromise<OtpSent, ResendOtpBody>(async () => notProvided('verifyAccount', 'resendOtp')),
    verifyOtp: fromPromise<Verified, VarifyOtpBody>(async () => notProvided('verifyAccount', 'verifyOtp')),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    navigate: (_, _params: Navigation) => {},
    startSession: (_, _params: { email: string }) => {},
    setEmail: assign(({ context }, params: { value: string }) => ({
      email: params.value,
      errors: withoutError(context.errors, 'email'),
    })),
    showEmailError: assign(({ context }) => ({
      errors: { ...context.errors, email: firstIssue(emailSchema, context.email) ?? '' },
    })),
    showFormErrors: assign({ errors: ({ context }) => formIssues(context) }),
    rememberRecipient: assign((_, params: { email: string }) => ({ sentTo: params.email })),
    ...otpActions<VerifyContext, VerifyEvent>(),
  },
  guards: {
    emailIsValid: ({ context }) => emailSchema.safeParse(context.email).success,
    formIsValid: ({ context }) => Object.keys(formIssues(context)).length === 0,
    hasSentBefore: ({ context }) => context.sentTo !== '',
    signedUpJustNow: (_, params: { purpose: Verified['purpose'] }) => params.purpose === 'signup',
    failedWith,
  },
  delays: countdownDelays,
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
                    say('success', AUTH.otpSent, OTP_NOTICE_ID),
                  ],
                },
                onError: [
                  { guard: 'hasSentBefore', target: 'available', actions: sayServer(AUTH.otpOtherError) },
                  { target: 'unsent', actions: sayServer(AUTH.otpOtherError) },
                ],
              },
            },
            countingDown: countingDown('available'),
            available: resendAvailable(sendOtp),
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
              entry: dismissOtpNotice,
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
                    actions: [say('success', AUTH.emailVerified), startSessionFromOutput, go('/')],
                  },
                  {
                    target: '#verifyAccount.verified',
                    actions: [say('success', AUTH.emailVerified), go('/signin')],
                  },
                ],
                onError: [
                  ...otpRejected(AUTH.otpExpired),
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
