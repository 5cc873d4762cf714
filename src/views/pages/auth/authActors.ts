/** The auth screens' actors, one hook per flow, in the app's system. */
import { authMachines } from '../../../system/auth.ts';
import { useConfig, useMachines, useScreenActor } from '../../../system/hooks.ts';

const useAuthMachines = () => useMachines(authMachines);

export function useSignInActor() {
  const { collegeDomain } = useConfig();
  return useScreenActor(useAuthMachines().signin, { input: { collegeDomain } });
}

export function useSignUpActor() {
  const { collegeDomain } = useConfig();
  return useScreenActor(useAuthMachines().signup, { input: { collegeDomain } });
}

export const useResetPasswordActor = () => useScreenActor(useAuthMachines().resetPassword);

export const useVerifyAccountActor = (email: string | undefined) =>
  useScreenActor(useAuthMachines().verifyAccount, { input: { email } });
