/**
 * /resetpassword: three steps on one route (e-mail, OTP, new password), driven by the reset chart.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/resetPassword.machine.ts';
import { theme } from '../../theme.ts';
import { AuthCard, backToSignIn, signUpInvite } from './AuthCard.tsx';
import { AuthForm, SubmitButton } from './AuthForm.tsx';
import { useResetPasswordActor } from './authActors.ts';
import { OtpStepForm } from './OtpStep.tsx';
import { PasswordField } from './PasswordField.tsx';
import { EmailField } from './TextField.tsx';

type ResetRef = ActorRefFrom<typeof resetPasswordMachine>;
type Step = 'email' | 'otp' | 'password';

const STEPS: { step: Step; label: string }[] = [
  { step: 'email', label: 'E-mail' },
  { step: 'otp', label: 'OTP' },
  { step: 'password', label: 'New password' },
];

const footer = (
  <>
    {backToSignIn}
    {signUpInvite}
  </>
);

export function ResetPasswordPage() {
  const actor = useResetPasswordActor();
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
  /* Each step as wide as its label needs (never cut); a label wraps before it would overflow. */
  li {
    flex: 1 1 auto;
    min-width: 0;
    padding-top: 8px;
    border-top: 3px solid ${theme.color.border};
    font-size: 0.75rem;
    font-weight: 600;
    color: ${theme.color.muted};
    overflow-wrap: anywhere;
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
    <AuthForm onSubmit={() => actor.send({ type: 'form.submit' })}>
      <p css={leadText}>Enter the e-mail of your account and we will send you a one-time code.</p>
      <EmailField
        id="reset-email"
        label="E-mail"
        value={email}
        error={error}
        onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
      />
      <SubmitButton enabled={canSubmit} busy={busy}>
        Send OTP
      </SubmitButton>
    </AuthForm>
  );
}

function OtpStep({ actor }: { actor: ResetRef }) {
  const email = useSelector(actor, (s) => s.context.email);
  return (
    <OtpStepForm actor={actor} step="otp" id="reset-otp" submitLabel="Varify OTP">
      <p css={leadText}>
        We sent a 6-digit code to <strong>{email}</strong>.
      </p>
    </OtpStepForm>
  );
}

function PasswordStep({ actor }: { actor: ResetRef }) {
  const password = useSelector(actor, (s) => s.context.password);
  const error = useSelector(actor, (s) => s.context.errors.password);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <AuthForm onSubmit={() => actor.send({ type: 'form.submit' })}>
      <p css={leadText}>Choose a new password: a-z, A-Z, 0-9, a symbol and at least 8 characters.</p>
      <PasswordField
        id="reset-password"
        label="New password"
        autoComplete="new-password"
        value={password}
        error={error}
        onValueChange={(value) => actor.send({ type: 'field.change', field: 'password', value })}
      />
      <SubmitButton enabled={canSubmit} busy={busy}>
        Confirm
      </SubmitButton>
    </AuthForm>
  );
}
