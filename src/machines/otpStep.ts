/**
 * The OTP step, written once for sign-up, password reset and account verification: the code field
 * (editing → invalid | verifying) and the 'Resend OTP' countdown (countingDown with its one-second
 * ticks → available → resending), with the actions, guard and delays they use.
 *
 * Shared setup pieces and state-config factories rather than a child machine invoked by each flow:
 * - Each flow's chart stays whole. Its `code` and `resend` regions are still its own states, so Stately
 *   Inspect shows the entire flow at a glance, and views keep asking
 *   `s.matches({ awaitingOtp: { resend: 'countingDown' } })` and `s.can({ type: 'otp.resend' })`.
 * - The model-based tests stay as strong as before: @xstate/graph walks one machine, not the children
 *   it invokes, so a child machine would take the countdown states out of every flow's generated paths
 *   and out of `expectEveryStateReached`; the resend call, which needs the flow's userID and e-mail,
 *   would also have to be handed down and its outcome sent back up. With factories the same events
 *   (`xstate.after.COUNTDOWN_TICK.signup.awaitingOtp.resend.countingDown.ticking`, ...) reach the same
 *   states, and the tests check the same toasts, redirects and tags.
 * - What differs between the flows stays at the call site, in plain sight: where a verified code
 *   leads, how each failure is answered, where 'Change email' goes back to.
 */
import { assign, type EventObject } from 'xstate';
import type { z } from 'zod';
import { DELAYS } from '../domain/constants.ts';
import type { authResponses } from '../domain/entities.ts';
import { AUTH } from '../domain/messages.ts';
import { otpSchema } from '../domain/validation.ts';
import { noEffect } from './effects.ts';
import { failed } from './failure.ts';
import { firstIssue, withoutError } from './forms.ts';
import { say } from './notices.ts';

export type OtpSent = z.infer<typeof authResponses.otpSent>;
export type Verified = z.infer<typeof authResponses.verified>;

/** The number shown in 'Resend OTP (Ns)' when a countdown starts. */
export const COUNTDOWN_START = DELAYS.RESEND_COUNTDOWN / DELAYS.COUNTDOWN_TICK;

/**
 * The id of a refused code's toast ('Invalid OTP!', 'OTP expired! Resend it.'): the next refusal or a
 * resent code ('Your OTP is on its way !') replaces it, and trying a code again dismisses it, so no
 * stale refusal stays beside a code that was accepted.
 */
export const OTP_NOTICE_ID = 'otp';

/** Entry of `verifying`: the toast of the previous refused code goes. */
export const dismissOtpNotice = { type: 'dismissNotice' as const, params: { id: OTP_NOTICE_ID } };

/** What the OTP step keeps in a flow's context. */
export interface OtpContext {
  otp: string;
  errors: { otp?: string };
  /** Seconds until 'Resend OTP' may be pressed; 0 when no countdown runs. */
  secondsLeft: number;
}

/** The countdown's delays, for `setup({ delays: countdownDelays })`. */
export const countdownDelays = {
  RESEND_COUNTDOWN: DELAYS.RESEND_COUNTDOWN,
  COUNTDOWN_TICK: DELAYS.COUNTDOWN_TICK,
};

/** The actions of the OTP step, for `setup({ actions: { ...otpActions<Context, Event>() } })`. */
export function otpActions<TContext extends OtpContext, TEvent extends EventObject>() {
  const update = <TParams extends object | undefined = undefined>(
    change: (context: TContext, params: TParams) => Partial<OtpContext>,
  ) =>
    assign<TContext, TEvent, TParams, TEvent, never>(
      ({ context }, params) => change(context, params) as Partial<TContext>,
    );
  return {
    dismissNotice: (_: unknown, _params: { id: string }) => noEffect(),
    setOtp: update((context, params: { value: string }) => ({
      otp: params.value,
      errors: withoutError(context.errors, 'otp'),
    })),
    showOtpError: update((context) => ({
      errors: { ...context.errors, otp: firstIssue(otpSchema, context.otp) ?? '' },
    })),
    clearOtp: update((context) => ({ otp: '', errors: withoutError(context.errors, 'otp') })),
    startCountdown: update(() => ({ secondsLeft: COUNTDOWN_START })),
    tick: update((context) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    endCountdown: update(() => ({ secondsLeft: 0 })),
  };
}

/** The guard of the OTP step: the code has the shape the server accepts. */
export const otpIsValid = ({ context }: { context: { otp: string } }) =>
  otpSchema.safeParse(context.otp).success;

/** Counting down to 'Resend OTP': COUNTDOWN_START, one tick a second, then the `whenOver` sibling. */
export const countingDown = (whenOver: string) => ({
  entry: 'startCountdown' as const,
  after: { RESEND_COUNTDOWN: whenOver },
  initial: 'ticking',
  states: {
    ticking: {
      after: { COUNTDOWN_TICK: { target: 'ticking', reenter: true, actions: 'tick' as const } },
    },
  },
});

/** The countdown is over: 'Resend OTP' may be pressed. */
export const resendAvailable = <TResend>(onResend: TResend) => ({
  entry: 'endCountdown' as const,
  on: { 'otp.resend': onResend },
});

/** How every flow answers a rejected code: 401 wrong (the field is cleared), 403 expired. */
export const otpRejected = (expiredText: string) => [
  {
    guard: failed(401),
    target: 'editing',
    actions: [say('error', AUTH.invalidOtp, OTP_NOTICE_ID), 'clearOtp' as const],
  },
  { guard: failed(403), target: 'editing', actions: say('error', expiredText, OTP_NOTICE_ID) },
];

/** Takes the typed code (an `otp.change` event). */
export const setOtp = {
  type: 'setOtp' as const,
  params: ({ event }: { event: { value: string } }) => ({ value: event.value }),
};

interface OtpStepOptions<TVerified, TVerifyError, TResendError> {
  /** Where 'Change email' goes back to. */
  back: string;
  /** The `onDone` of verifyOtp. */
  onVerified: TVerified;
  /** The `onError` of verifyOtp, usually `otpRejected(...)` and the flow's own cases. */
  onVerifyError: TVerifyError;
  /** The `onError` of resendOtp, back to `available`. */
  onResendError: TResendError;
}

/**
 * The OTP step of sign-up and reset, once the server has sent a code for context.userID / email: the
 * `code` and `resend` regions run side by side; 'Change email' leaves the step.
 */
export function otpStep<TVerified, TVerifyError, TResendError>(
  options: OtpStepOptions<TVerified, TVerifyError, TResendError>,
) {
  return {
    type: 'parallel' as const,
    entry: 'clearOtp' as const,
    on: { 'email.change': { target: options.back } },
    states: {
      code: {
        initial: 'editing',
        states: {
          editing: {
            on: {
              'otp.change': { actions: setOtp },
              'otp.submit': [
                { guard: 'otpIsValid' as const, target: 'verifying' },
                { target: 'invalid', actions: 'showOtpError' as const },
              ],
            },
          },
          invalid: {
            tags: ['invalid' as const],
            on: { 'otp.change': { target: 'editing', actions: setOtp } },
          },
          verifying: {
            tags: ['busy' as const],
            entry: dismissOtpNotice,
            invoke: {
              id: 'verifyOtp',
              src: 'verifyOtp' as const,
              input: ({ context }: { context: { userID: string; email: string; otp: string } }) => ({
                userID: context.userID,
                email: context.email,
                otp: context.otp.trim(),
              }),
              onDone: options.onVerified,
              onError: options.onVerifyError,
            },
          },
        },
      },
      resend: {
        initial: 'countingDown',
        states: {
          countingDown: countingDown('available'),
          available: resendAvailable('resending'),
          resending: {
            tags: ['busy' as const],
            invoke: {
              id: 'resendOtp',
              src: 'resendOtp' as const,
              input: ({ context }: { context: { userID: string; email: string } }) => ({
                userID: context.userID,
                email: context.email,
              }),
              onDone: { target: 'countingDown', actions: say('success', AUTH.otpSent, OTP_NOTICE_ID) },
              onError: options.onResendError,
            },
          },
        },
      },
    },
  };
}
