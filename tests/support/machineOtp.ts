/**
 * What the OTP step of sign-up and password reset (src/machines/otpStep.ts) should do, written once for
 * both flows' tests (spec §4 OTP, §8): the code field, the 'Resend OTP (Ns)' countdown and a refused
 * code. Where a verified code leads, the other refusals and 'Change email' are each flow's own.
 */
import type { EventObject, StateValue } from 'xstate';
import { AUTH, VALIDATION } from '../../src/domain/messages.ts';
import { COUNTDOWN_START, OTP_NOTICE_ID, type OtpContext } from '../../src/machines/otpStep.ts';
import { dismissNotice, notify } from './machineEffects.ts';
import type { ExpectedStep } from './machinePaths.ts';

type Code = 'editing' | 'invalid' | 'verifying';
type Resend = 'countingDown' | 'available' | 'resending';

/** The step's value and tags with its code region at `code` and its resend region at `resend`. */
export function atOtp(step: string, code: Code, resend: Resend): ExpectedStep {
  const tags = new Set([
    ...(code === 'verifying' || resend === 'resending' ? ['busy'] : []),
    ...(code === 'invalid' ? ['invalid'] : []),
  ]);
  const resendValue = resend === 'countingDown' ? { countingDown: 'ticking' } : resend;
  return { value: { [step]: { code, resend: resendValue } }, tags: [...tags] };
}

const regionsOf = (value: StateValue, step: string) =>
  (value as Record<string, { code: Code; resend: Resend | { countingDown: string } }>)[step];

interface OtpStepOf {
  /** The flow's state that holds the step. */
  step: string;
  /** Who the code was sent for: the verify and resend calls name them. */
  recipient: { userID: string; email: string };
  /** What the flow shows of its context, with the OTP fields `patch`ed. */
  shown: (patch: Partial<OtpContext>) => unknown;
  /** The toast of an expired code (403). */
  expiredText: string;
}

/** The step as it starts: the code field cleared and a full countdown; the OTP is on its way. */
export function otpStepEntered({ step, shown }: OtpStepOf, errors: OtpContext['errors']): ExpectedStep {
  const { otp: _otpError, ...otherErrors } = errors;
  return {
    ...atOtp(step, 'editing', 'countingDown'),
    shown: shown({ otp: '', errors: otherErrors, secondsLeft: COUNTDOWN_START }),
    effects: [notify('success', AUTH.otpSent)],
  };
}

/** The expectation of one of the step's own events; undefined for what the flow decides. */
export function otpStepExpectation(
  flow: OtpStepOf,
  event: EventObject,
  before: { value: StateValue; context: OtpContext },
): ExpectedStep | undefined {
  const regions = regionsOf(before.value, flow.step);
  if (!regions) return undefined;
  const resend: Resend = typeof regions.resend === 'string' ? regions.resend : 'countingDown';
  const { otp, errors, secondsLeft } = before.context;
  const { otp: _otpError, ...otherErrors } = errors;
  const e = event as { type: string; value?: string; error?: { status: number } };
  switch (e.type) {
    case 'otp.change':
      return {
        ...atOtp(flow.step, 'editing', resend),
        shown: flow.shown({ otp: e.value, errors: otherErrors }),
      };
    case 'otp.submit':
      return /^\d{6}$/.test(otp.trim())
        ? {
            ...atOtp(flow.step, 'verifying', resend),
            // the refusal of the code tried before goes
            effects: [dismissNotice(OTP_NOTICE_ID)],
            calls: [{ actor: 'verifyOtp', input: { ...flow.recipient, otp: otp.trim() } }],
          }
        : {
            ...atOtp(flow.step, 'invalid', resend),
            shown: flow.shown({ errors: { ...errors, otp: VALIDATION.otp } }),
          };
    case 'otp.resend':
      return {
        ...atOtp(flow.step, regions.code, 'resending'),
        calls: [{ actor: 'resendOtp', input: flow.recipient }],
      };
    case 'xstate.done.actor.resendOtp':
      return {
        ...atOtp(flow.step, regions.code, 'countingDown'),
        shown: flow.shown({ secondsLeft: COUNTDOWN_START }),
        effects: [notify('success', AUTH.otpSent, OTP_NOTICE_ID)],
      };
    default:
      if (e.type.startsWith('xstate.after.COUNTDOWN_TICK'))
        return { shown: flow.shown({ secondsLeft: secondsLeft - 1 }) };
      if (e.type.startsWith('xstate.after.RESEND_COUNTDOWN')) {
        return { ...atOtp(flow.step, regions.code, 'available'), shown: flow.shown({ secondsLeft: 0 }) };
      }
      if (e.type === 'xstate.error.actor.verifyOtp' && e.error?.status === 401) {
        // a wrong code is cleared for the next try
        return {
          ...atOtp(flow.step, 'editing', resend),
          shown: flow.shown({ otp: '', errors: otherErrors }),
          effects: [notify('error', AUTH.invalidOtp, OTP_NOTICE_ID)],
        };
      }
      if (e.type === 'xstate.error.actor.verifyOtp' && e.error?.status === 403) {
        return {
          ...atOtp(flow.step, 'editing', resend),
          effects: [notify('error', flow.expiredText, OTP_NOTICE_ID)],
        };
      }
      return undefined;
  }
}
