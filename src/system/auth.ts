/**
 * The auth machines on the system's API and platform; a flow that signs someone in tells the session
 * actor, and sign-up shows the welcome overlay (both by systemId).
 */
import { fromPromise } from 'xstate';
import type {
  ResendOtpBody,
  ResetPassBody,
  SigninBody,
  SignupBody,
  UpdatePassBody,
  VarifyOtpBody,
} from '../domain/validation.ts';
import { resetPasswordMachine } from '../machines/resetPassword.machine.ts';
import { signinMachine } from '../machines/signin.machine.ts';
import { signupMachine, signupUsernameSuggestions } from '../machines/signup.machine.ts';
import { verifyAccountMachine } from '../machines/verifyAccount.machine.ts';
import { effectsOf, tell } from './effects.ts';
import type { QuadSystem } from './quadSystem.ts';

export function authMachines({ api, platform }: QuadSystem) {
  const { notify, navigate, dismissNotice } = effectsOf(platform);
  const startSession = ({ system }: { system: unknown }, { email }: { email: string }) =>
    tell(system, 'session', { type: 'session.login', email });
  const showWelcome = ({ system }: { system: unknown }) => tell(system, 'welcome', { type: 'welcome.show' });
  const calls = {
    signUp: fromPromise(({ input }: { input: SignupBody }) => api.signUp(input)),
    signIn: fromPromise(({ input }: { input: SigninBody }) => api.signIn(input)),
    verifyOtp: fromPromise(({ input }: { input: VarifyOtpBody }) => api.verifyOtp(input)),
    resendOtp: fromPromise(({ input }: { input: ResendOtpBody }) => api.resendOtp(input)),
    requestPasswordReset: fromPromise(({ input }: { input: ResetPassBody }) =>
      api.requestPasswordReset(input),
    ),
    updatePassword: fromPromise(({ input }: { input: UpdatePassBody }) => api.updatePassword(input)),
  };
  return {
    signup: signupMachine.provide({
      actors: {
        usernameSuggestions: signupUsernameSuggestions.provide({
          actors: { generateUsernames: fromPromise(() => api.generateUsernames()) },
          actions: { notify },
        }),
        signUp: calls.signUp,
        verifyOtp: calls.verifyOtp,
        resendOtp: calls.resendOtp,
      },
      actions: { notify, navigate, dismissNotice, startSession, showWelcome },
    }),
    signin: signinMachine.provide({
      actors: { signIn: calls.signIn },
      actions: { notify, navigate, startSession },
    }),
    resetPassword: resetPasswordMachine.provide({
      actors: {
        requestPasswordReset: calls.requestPasswordReset,
        verifyOtp: calls.verifyOtp,
        resendOtp: calls.resendOtp,
        updatePassword: calls.updatePassword,
      },
      actions: { notify, navigate, dismissNotice, startSession },
    }),
    verifyAccount: verifyAccountMachine.provide({
      actors: { resendOtp: calls.resendOtp, verifyOtp: calls.verifyOtp },
      actions: { notify, navigate, dismissNotice, startSession },
    }),
  };
}
