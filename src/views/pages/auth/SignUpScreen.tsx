/**
 * The sign-up screen, driven by whichever sign-up machine it is given (the live one in the app, one
 * with fake services in tests): the form with username suggestions, then the OTP step.
 */
import { css } from '@emotion/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { signupMachine } from '../../../machines/signup.machine.ts';
import { publicConfig } from '../../../services/config.ts';
import { iconButton, primaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { AuthCard, formStack, linkButton, wideButton } from './AuthCard.tsx';
import { RefreshIcon } from './authIcons.tsx';
import { CountdownButton } from './CountdownButton.tsx';
import { OtpField } from './OtpField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { TextField } from './TextField.tsx';
import { UsernameChips } from './UsernameChips.tsx';

type SignupRef = ActorRefFrom<typeof signupMachine>;

export function SignUpScreen({
  machine,
  collegeDomain = publicConfig.collegeDomain,
}: {
  machine: typeof signupMachine;
  collegeDomain?: string;
}) {
  const actor = useActorRef(machine, { input: { collegeDomain } });
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
      <form
        css={formStack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
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
        <TextField
          id="signup-email"
          label="College e-mail"
          type="email"
          autoComplete="email"
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
        <button
          type="submit"
          css={[primaryButton, wideButton]}
          disabled={!canSubmit}
          aria-busy={busy || undefined}
        >
          Sign Up
        </button>
      </form>
    </AuthCard>
  );
}

const refresh = css`
  width: 40px;
  height: 40px;
  margin-right: 2px;
  color: ${theme.color.muted};
`;

const otpActions = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

function SignUpOtp({ actor }: { actor: SignupRef }) {
  const email = useSelector(actor, (s) => s.context.email);
  const otp = useSelector(actor, (s) => s.context.otp);
  const otpError = useSelector(actor, (s) => s.context.errors.otp);
  const verifying = useSelector(actor, (s) => s.matches({ awaitingOtp: { code: 'verifying' } }));
  const canVerify = useSelector(actor, (s) => s.can({ type: 'otp.submit' }));
  const counting = useSelector(actor, (s) => s.matches({ awaitingOtp: { resend: 'countingDown' } }));
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const canResend = useSelector(actor, (s) => s.can({ type: 'otp.resend' }));
  const resending = useSelector(actor, (s) => s.matches({ awaitingOtp: { resend: 'resending' } }));

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
      <form
        css={formStack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'otp.submit' });
        }}
      >
        <OtpField
          id="signup-otp"
          value={otp}
          error={otpError}
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
          Verify
        </button>
      </form>
    </AuthCard>
  );
}
