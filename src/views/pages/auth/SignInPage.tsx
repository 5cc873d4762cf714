/** /signin: the sign-in screen joined to the real services. */
import { liveSigninMachine } from '../../app/live/auth.ts';
import { SignInScreen } from './SignInScreen.tsx';

export function SignInPage() {
  return <SignInScreen machine={liveSigninMachine} />;
}
