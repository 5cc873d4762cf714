/**
 * What the auth flows' tests share: the account, the server's answers and failures, the OTP step's
 * events for the path generator, fake API calls joined to a machine's actors, and the effect spies.
 */
import { vi } from 'vitest';
import { type EventObject, fromPromise } from 'xstate';
import { AUTH } from '../../src/domain/messages.ts';
import type * as Body from '../../src/domain/validation.ts';
import type { OtpSent, Verified } from '../../src/machines/otpStep.ts';
import type { PasswordUpdated } from '../../src/machines/resetPassword.machine.ts';
import type { SignedIn } from '../../src/machines/signin.machine.ts';

export const collegeDomain = 'ietlucknow.ac.in';
export const email = 'ada@ietlucknow.ac.in';
export const userID = '5b0c1d62-4c5e-4c41-9d1e-2f6f4b8a9c11';
/** The answer of every call that sends an OTP. */
export const sent: OtpSent = { msg: 'sent', userID, email };
export const verified = (purpose: Verified['purpose']): Verified => ({ msg: 'ok', email, userID, purpose });

/** A failed call as the API client reports it. */
export const apiError = (status: number, message = `server says ${status}`) => ({ status, message });

/** Actor results and timers as events for the path generator, typed as the machine's events. */
export function syntheticEvents<E extends EventObject>() {
  const as = (event: object) => event as E;
  return {
    done: (actor: string, output: unknown) => as({ type: `xstate.done.actor.${actor}`, output }),
    failure: (actor: string, error: unknown) => as({ type: `xstate.error.actor.${actor}`, error }),
    after: (delay: string, stateId: string) => as({ type: `xstate.after.${delay}.${stateId}` }),
  };
}

/**
 * The OTP step's events (src/machines/otpStep.ts), in the step state `stepId`: a good and a bad code,
 * verifying, resending, the countdown's first tick and end, and 'Change email'.
 */
export function otpStepEvents<E extends EventObject>(
  stepId: string,
  outcomes: { verified: Verified; verifyFails: unknown; resendFails: unknown },
): E[] {
  const { done, failure, after } = syntheticEvents<E>();
  const events = [
    { type: 'otp.change', value: '123456' },
    { type: 'otp.change', value: '12ab' },
    { type: 'otp.submit' },
    done('verifyOtp', outcomes.verified),
    failure('verifyOtp', outcomes.verifyFails),
    { type: 'otp.resend' },
    done('resendOtp', sent),
    failure('resendOtp', outcomes.resendFails),
    after('COUNTDOWN_TICK', `${stepId}.resend.countingDown.ticking`),
    after('RESEND_COUNTDOWN', `${stepId}.resend.countingDown`),
    { type: 'email.change' },
  ];
  return events as E[];
}

/** The effects of the auth flows as spies; a machine uses those it declares. */
export const effectSpies = () => ({
  notify: vi.fn(),
  navigate: vi.fn(),
  startSession: vi.fn(),
  showWelcome: vi.fn(),
});

/** The auth API as spies answering like the server on success; a test makes one fail with `mockRejectedValueOnce`. */
export function fakeAuthApi({
  purpose = 'signup',
  usernames = [] as string[],
}: {
  purpose?: Verified['purpose'];
  usernames?: string[];
} = {}) {
  return {
    generateUsernames: vi.fn(async () => usernames),
    signUp: vi.fn(
      async (body: Body.SignupBody): Promise<OtpSent> => ({ msg: 'sent', userID, email: body.email }),
    ),
    signIn: vi.fn(async (_: Body.SigninBody): Promise<SignedIn> => ({ msg: AUTH.loggedIn, email })),
    verifyOtp: vi.fn(
      async (body: Body.VarifyOtpBody): Promise<Verified> => ({
        msg: 'ok',
        userID,
        email: body.email,
        purpose,
      }),
    ),
    resendOtp: vi.fn(
      async (body: Body.ResendOtpBody): Promise<OtpSent> => ({ msg: 'sent', userID, email: body.email }),
    ),
    requestPasswordReset: vi.fn(
      async (body: Body.ResetPassBody): Promise<OtpSent> => ({ msg: 'sent', userID, email: body.email }),
    ),
    updatePassword: vi.fn(
      async (_: Body.UpdatePassBody): Promise<PasswordUpdated> => ({ msg: AUTH.passwordUpdated, email }),
    ),
  };
}
type FakeAuthApi = ReturnType<typeof fakeAuthApi>;

/** The fake API as the promise actors the auth machines invoke. */
export const authActors = (api: FakeAuthApi) => ({
  signUp: fromPromise(({ input }: { input: Body.SignupBody }) => api.signUp(input)),
  signIn: fromPromise(({ input }: { input: Body.SigninBody }) => api.signIn(input)),
  verifyOtp: fromPromise(({ input }: { input: Body.VarifyOtpBody }) => api.verifyOtp(input)),
  resendOtp: fromPromise(({ input }: { input: Body.ResendOtpBody }) => api.resendOtp(input)),
  requestPasswordReset: fromPromise(({ input }: { input: Body.ResetPassBody }) =>
    api.requestPasswordReset(input),
  ),
  updatePassword: fromPromise(({ input }: { input: Body.UpdatePassBody }) => api.updatePassword(input)),
});
