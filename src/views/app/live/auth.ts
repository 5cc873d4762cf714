/**
 * The auth machines joined to the real API, toasts, router, session and welcome overlay: the one place
 * where their effects are provided. Pages start these with `useActorRef`.
 */
import { fromPromise } from 'xstate';
import type {
  ResendOtpBody,
  ResetPassBody,
  SigninBody,
  SignupBody,
  UpdatePassBody,
  VarifyOtpBody,
} from '../../../domain/validation.ts';
import { resetPasswordMachine } from '../../../machines/resetPassword.machine.ts';
import { signinMachine } from '../../../machines/signin.machine.ts';
import { signupMachine, signupUsernameSuggestions } from '../../../machines/signup.machine.ts';
import { verifyAccountMachine } from '../../../machines/verifyAccount.machine.ts';
import {
  generateUsernames,
  requestPasswordReset,
  resendOtp,
  signIn,
  signUp,
  updatePassword,
  verifyOtp,
} from '../../../services/api/auth.ts';
import { effectActions } from '../effects.ts';
import { sessionActor } from './session.ts';
import { welcomeActor } from './welcome.ts';

const { notify, navigate } = effectActions;
const startSession = (_: unknown, { email }: { email: string }) =>
  sessionActor.send({ type: 'session.login', email });
const showWelcome = () => welcomeActor.send({ type: 'welcome.show' });

const api = {
  generateUsernames: fromPromise(() => generateUsernames()),
  signUp: fromPromise(({ input }: { input: SignupBody }) => signUp(input)),
  signIn: fromPromise(({ input }: { input: SigninBody }) => signIn(input)),
  verifyOtp: fromPromise(({ input }: { input: VarifyOtpBody }) => verifyOtp(input)),
  resendOtp: fromPromise(({ input }: { input: ResendOtpBody }) => resendOtp(input)),
  requestPasswordReset: fromPromise(({ input }: { input: ResetPassBody }) => requestPasswordReset(input)),
  updatePassword: fromPromise(({ input }: { input: UpdatePassBody }) => updatePassword(input)),
};

export const liveSignupMachine = signupMachine.provide({
  actors: {
    usernameSuggestions: signupUsernameSuggestions.provide({
      actors: { generateUsernames: api.generateUsernames },
      actions: { notify },
    }),
    signUp: api.signUp,
    verifyOtp: api.verifyOtp,
    resendOtp: api.resendOtp,
  },
  actions: { notify, navigate, startSession, showWelcome },
});

export const liveSigninMachine = signinMachine.provide({
  actors: { signIn: api.signIn },
  actions: { notify, navigate, startSession },
});

export const liveResetPasswordMachine = resetPasswordMachine.provide({
  actors: {
    requestPasswordReset: api.requestPasswordReset,
    verifyOtp: api.verifyOtp,
    resendOtp: api.resendOtp,
    updatePassword: api.updatePassword,
  },
  actions: { notify, navigate, startSession },
});

export const liveVerifyAccountMachine = verifyAccountMachine.provide({
  actors: { resendOtp: api.resendOtp, verifyOtp: api.verifyOtp },
  actions: { notify, navigate, startSession },
});
