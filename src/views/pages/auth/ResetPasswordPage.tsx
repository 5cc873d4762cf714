/** /resetpassword: the reset screen joined to the real services. */
import { liveResetPasswordMachine } from '../../app/live/auth.ts';
import { ResetPasswordScreen } from './ResetPasswordScreen.tsx';

export function ResetPasswordPage() {
  return <ResetPasswordScreen machine={liveResetPasswordMachine} />;
}
