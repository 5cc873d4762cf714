/**
 * The account verification screen (/varifyaccount): e-mail and OTP, 'Send OTP' then a resend
 * countdown, and Verify. Driven by whichever machine it is given (live in the app, faked in tests).
 */
import { css } from '@emotion/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { verifyAccountMachine } from '../../../machines/verifyAccount.machine.ts';
import { primaryButton } from '../../components/ui.ts';
import { AuthCard, formStack, wideButton } from './AuthCard.tsx';
import { CountdownButton } from './CountdownButton.tsx';
import { OtpField } from './OtpField.tsx';
import { TextField } from './TextField.tsx';

const row = css`
  display: flex;
  justify-content: flex-end;
`;

export function VerifyAccountScreen({
  machine,
  email: initialEmail,
}: {
  machine: typeof verifyAccountMachine;
  /** An address already known, e.g. from the sign-in that asked for verification. */
  email?: string;
}) {
  const actor = useActorRef(machine, { input: { email: initialEmail } });
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
          <Link to="/signin">Back to Sign In</Link>
          <span>
            New to Quad? <Link to="/signup">Sign Up</Link>
          </span>
        </>
      }
    >
      <form
        css={formStack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'otp.submit' });
        }}
      >
        <TextField
          id="verify-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          disabled={verifying}
          onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
        />
        <OtpField
          id="verify-otp"
          value={otp}
          error={errors.otp}
          disabled={verifying}
          onValueChange={(value) => actor.send({ type: 'otp.change', value })}
        />
        <div css={row}>
          <CountdownButton
            secondsLeft={counting ? secondsLeft : null}
            idleLabel={neverSent ? 'Send OTP' : 'Resend OTP'}
            disabled={!canSend}
            busy={sending}
            onPress={() => actor.send({ type: 'otp.resend' })}
          />
        </div>
        <button
          type="submit"
          css={[primaryButton, wideButton]}
          disabled={!canVerify}
          aria-busy={verifying || undefined}
        >
          Verify
        </button>
      </form>
    </AuthCard>
  );
}
