/** /signup: the form with username suggestions, then the OTP step, driven by the sign-up chart. */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { signupMachine } from '../../../machines/signup.machine.ts';
import { useConfig } from '../../../system/hooks.ts';
import { RefreshIcon } from '../../components/icons.tsx';
import { iconButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthForm, SubmitButton } from './AuthForm.tsx';
import { useSignUpActor } from './authActors.ts';
import { OtpStepForm } from './OtpStep.tsx';
import { PasswordField } from './PasswordField.tsx';
import { EmailField, TextField } from './TextField.tsx';
import { UsernameChips } from './UsernameChips.tsx';

type SignupRef = ActorRefFrom<typeof signupMachine>;

export function SignUpPage() {
  const actor = useSignUpActor();
  const { collegeDomain } = useConfig();
  const step = useSelector(actor, (s) => (s.matches('form') || s.matches('submitting') ? 'form' : 'otp'));
  return step === 'form' ? (
    <SignUpForm actor={actor} collegeDomain={collegeDomain} />
  ) : (
    <SignUpOtp actor={actor} />
  );
}

const signInFooter = (
  <span>
    Already on Quad? <Link to="/signin">Sign In</Link>
  </span>
);

function SignUpForm({ actor, collegeDomain }: { actor: SignupRef; collegeDomain: string }) {
  const fields = useSelector(actor, (s) => s.context.fields);
  const errors = useSelector(actor, (s) => s.context.errors);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const suggestions = useSelector(actor, (s) => s.children.usernameSuggestions);
  const change = (field: 'email' | 'password') => (value: string) =>
    actor.send({ type: 'field.change', field, value });

  return (
    <AuthCard
      title="Sign Up"
      lead="Pick a random username: nobody on Quad will ever see your name or e-mail."
      footer={signInFooter}
    >
      <AuthForm onSubmit={() => actor.send({ type: 'form.submit' })}>
        <TextField
          id="signup-username"
          label="Username"
          value={fields.username}
          readOnly
          placeholder="Choose a suggestion below"
          error={errors.username}
          trailing={
            <button
              type="button"
              css={[iconButton, refresh]}
              aria-label="Suggest another username"
              onClick={() => actor.send({ type: 'username.refresh' })}
            >
              <RefreshIcon />
            </button>
          }
        />
        <UsernameChips
          suggestions={suggestions}
          onChoose={(username) => actor.send({ type: 'chip.choose', username })}
        />
        <EmailField
          id="signup-email"
          label="College e-mail"
          placeholder={`you@${collegeDomain}`}
          value={fields.email}
          error={errors.email}
          disabled={busy}
          onValueChange={change('email')}
        />
        <PasswordField
          id="signup-password"
          label="Password"
          autoComplete="new-password"
          value={fields.password}
          error={errors.password}
          disabled={busy}
          onValueChange={change('password')}
        />
        <SubmitButton enabled={canSubmit} busy={busy}>
          Sign Up
        </SubmitButton>
      </AuthForm>
    </AuthCard>
  );
}

const refresh = css`
  width: 40px;
  height: 40px;
  margin-right: 2px;
  color: ${theme.color.muted};
`;

function SignUpOtp({ actor }: { actor: SignupRef }) {
  const email = useSelector(actor, (s) => s.context.email);
  return (
    <AuthCard
      title="Verify your e-mail"
      lead={
        <>
          We sent a 6-digit code to <strong>{email}</strong>.
        </>
      }
      footer={signInFooter}
    >
      <OtpStepForm actor={actor} step="awaitingOtp" id="signup-otp" submitLabel="Verify" />
    </AuthCard>
  );
}
