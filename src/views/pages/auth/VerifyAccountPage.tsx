/** /varifyaccount: the verification screen joined to the real services; sign-in may hand over the e-mail. */
import { useLocation } from 'react-router-dom';
import { liveVerifyAccountMachine } from '../../app/live/auth.ts';
import { VerifyAccountScreen } from './VerifyAccountScreen.tsx';

function emailFrom(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string')
    return state.email;
  return undefined;
}

export function VerifyAccountPage() {
  const { state } = useLocation();
  return <VerifyAccountScreen machine={liveVerifyAccountMachine} email={emailFrom(state)} />;
}
