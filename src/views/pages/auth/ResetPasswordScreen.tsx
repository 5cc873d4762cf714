/**
 * The password reset screen, three steps on one route: e-mail, OTP, new password. Driven by whichever
 * reset machine it is given (live in the app, faked in tests).
 */
import { css } from '@emotion/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/resetPassword.machine.ts';
import { primaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { AuthCard, formStack, linkButton, wideButton } from './AuthCard.tsx';
import { CountdownButton } from './CountdownButton.tsx';
import { OtpField } from './OtpField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { TextField } from './TextField.tsx';

type ResetRef = ActorRefFrom<typeof resetPasswordMachine>;
type Step = 'email' | 'otp' | 'password';

const STEPS: { step: Step; label: string }[] = [
  { step: 'email', label: 'E-mail' },
  { step: 'otp', label: 'OTP' },
  { step: 'password', label: 'New password' },
];

const footer = (
  <>
    <Link to="/signin">Back to Sign In</Link>
    <span>
      New to Quad? <Link to="/signup">Sign Up</Link>
    </span>
  </>
);

export function ResetPasswordScreen({ machine }: { machine: typeof resetPasswordMachine }) {
  const actor = useActorRef(machine);
  const step = useSelector(
    actor,
    (s): Step => (s.matches('email') ? 'email' : s.matches('otp') ? 'otp' : 'password'),
  );
  return (
    <AuthCard title="Reset password" footer={footer}>
      <StepIndicator current={step} />
      {step === 'email' ? <EmailStep actor={actor} /> : step === 'otp' ? <OtpStep actor={actor} /> : null}
      {step === 'password' ? <PasswordStep actor={actor} /> : null}
    </AuthCard>
  );
}

const steps = css`
  display: flex;
  gap: 6px;
  margin: 0 0 20px;
  padding: 0;
  list-style: none;
  li {
    flex: 1;
    min-width: 0;
    padding-top: 8px;
    border-top: 3px solid ${theme.color.border};
    font-size: 0.75rem;
    font-weight: 600;
    color: ${theme.color.muted};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  li[data-done='true'] {
    border-top-color: ${theme.color.brand};
    color: ${theme.color.text};
  }
`;

function StepIndicator({ current }: { current: Step }) {
  const index = STEPS.findIndex((s) => s.step === current);
  return (
    <ol css={steps} aria-label="Steps">
      {STEPS.map((s, i) => (
        <li key={s.step} data-done={i <= index} aria-current={i === index ? 'step' : undefined}>
          {s.label}
        </li>
      ))}
    </ol>
  );
}

const leadText = css`
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.9375rem;
  line-height: 1.45;
`;

function EmailStep({ actor }: { actor: ResetRef }) {
  const email = useSelector(actor, (s) => s.context.email);
  const error = useSelector(actor, (s) => s.context.errors.email);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <form
      css={formStack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <p css={leadText}>Enter the e-mail of your account and we will send you a one-time code.</p>
      <TextField
        id="reset-email"
        label="E-mail"
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
      />
      <button
        type="submit"
        css={[primaryButton, wideButton]}
        disabled={!canSubmit}
        aria-busy={busy || undefined}
      >
        Send OTP
      </button>
    </form>
  );
}

const otpActions = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

function OtpStep({ actor }: { actor: ResetRef }) {
  const email = useSelector(actor, (s) => s.context.email);
  const otp = useSelector(actor, (s) => s.context.otp);
  const error = useSelector(actor, (s) => s.context.errors.otp);
  const verifying = useSelector(actor, (s) => s.matches({ otp: { code: 'verifying' } }));
  const canVerify = useSelector(actor, (s) => s.can({ type: 'otp.submit' }));
  const counting = useSelector(actor, (s) => s.matches({ otp: { resend: 'countingDown' } }));
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const canResend = useSelector(actor, (s) => s.can({ type: 'otp.resend' }));
  const resending = useSelector(actor, (s) => s.matches({ otp: { resend: 'resending' } }));
  return (
    <form
      css={formStack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'otp.submit' });
      }}
    >
      <p css={leadText}>
        We sent a 6-digit code to <strong>{email}</strong>.
      </p>
      <OtpField
        id="reset-otp"
        value={otp}
        error={error}
        disabled={verifying}
        onValueChange={(value) => actor.send({ type: 'otp.change', value })}
      />
      <div css={otpActions}>
        <button
          type="button"
          css={linkButton}
          disabled={verifying}
          onClick={() => actor.send({ type: 'email.change' })}
        >
          Change email
        </button>
        <CountdownButton
          secondsLeft={counting ? secondsLeft : null}
          disabled={!canResend}
          busy={resending}
          onPress={() => actor.send({ type: 'otp.resend' })}
        />
      </div>
      <button
        type="submit"
        css={[primaryButton, wideButton]}
        disabled={!canVerify}
        aria-busy={verifying || undefined}
      >
        Varify OTP
      </button>
    </form>
  );
}

function PasswordStep({ actor }: { actor: ResetRef }) {
  const password = useSelector(actor, (s) => s.context.password);
  const error = useSelector(actor, (s) => s.context.errors.password);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <form
      css={formStack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <p css={leadText}>Choose a new password: a-z, A-Z, 0-9, a symbol and at least 8 characters.</p>
      <PasswordField
        id="reset-password"
        label="New password"
        autoComplete="new-password"
        value={password}
        error={error}
        onValueChange={(value) => actor.send({ type: 'field.change', field: 'password', value })}
      />
      <button
        type="submit"
        css={[primaryButton, wideButton]}
        disabled={!canSubmit}
        aria-busy={busy || undefined}
      >
        Confirm
      </button>
    </form>
  );
}
