/** /signup: the sign-up screen joined to the real services. */
import { liveSignupMachine } from '../../app/live/auth.ts';
import { SignUpScreen } from './SignUpScreen.tsx';

export function SignUpPage() {
  return <SignUpScreen machine={liveSignupMachine} />;
}
