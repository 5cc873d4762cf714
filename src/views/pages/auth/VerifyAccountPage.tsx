/**
 * /varifyaccount: e-mail and OTP, 'Send OTP' then a resend countdown, and Verify, driven by the
 * verify-account chart. Sign-in may hand over the e-mail in the navigation state.
 */
import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import { AuthCard, backToSignIn, signUpInvite } from './AuthCard.tsx';
import { AuthForm } from './AuthForm.tsx';
import { useVerifyAccountActor } from './authActors.ts';
import { OtpControls } from './OtpStep.tsx';
import { EmailField } from './TextField.tsx';

function emailFrom(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string')
    return state.email;
  return undefined;
}

export function VerifyAccountPage() {
  const actor = useVerifyAccountActor(emailFrom(useLocation().state));
  const email = useSelector(actor, (s) => s.context.email);
  const otp = useSelector(actor, (s) => s.context.otp);
  const errors = useSelector(actor, (s) => s.context.errors);
  const verifying = useSelector(actor, (s) => s.matches({ active: { verification: 'verifying' } }));
  const canVerify = useSelector(actor, (s) => s.can({ type: 'otp.submit' }));
  const neverSent = useSelector(
    actor,
    (s) =>
      s.matches({ active: { sending: 'unsent' } }) ||
      (s.matches({ active: { sending: 'sending' } }) && !s.context.sentTo),
  );
  const counting = useSelector(actor, (s) => s.matches({ active: { sending: 'countingDown' } }));
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const canSend = useSelector(actor, (s) => s.can({ type: 'otp.resend' }));
  const sending = useSelector(actor, (s) => s.matches({ active: { sending: 'sending' } }));

  return (
    <AuthCard
      title="Verify your account"
      lead="Enter your e-mail and the OTP we sent to it. No code yet? Send one."
      footer={
        <>
          {backToSignIn}
          {signUpInvite}
        </>
      }
    >
      <AuthForm onSubmit={() => actor.send({ type: 'otp.submit' })}>
        <EmailField
          id="verify-email"
          label="E-mail"
          value={email}
          error={errors.email}
          disabled={verifying}
          onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
        />
        <OtpControls
          id="verify-otp"
          otp={otp}
          error={errors.otp}
          verifying={verifying}
          canVerify={canVerify}
          onOtpChange={(value) => actor.send({ type: 'otp.change', value })}
          secondsLeft={counting ? secondsLeft : null}
          resendLabel={neverSent ? 'Send OTP' : 'Resend OTP'}
          canResend={canSend}
          resending={sending}
          onResend={() => actor.send({ type: 'otp.resend' })}
          submitLabel="Verify"
        />
      </AuthForm>
    </AuthCard>
  );
}
