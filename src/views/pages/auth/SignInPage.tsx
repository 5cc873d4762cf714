/** /signin: the sign-in screen, driven by the sign-in chart. */
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useConfig } from '../../../system/hooks.ts';
import { AuthCard, signUpInvite } from './AuthCard.tsx';
import { AuthForm, SubmitButton } from './AuthForm.tsx';
import { useSignInActor } from './authActors.ts';
import { PasswordField } from './PasswordField.tsx';
import { TextField } from './TextField.tsx';

export function SignInPage() {
  const actor = useSignInActor();
  const { collegeDomain } = useConfig();
  const identifier = useSelector(actor, (s) => s.context.identifier);
  const password = useSelector(actor, (s) => s.context.password);
  const errors = useSelector(actor, (s) => s.context.errors);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const change = (field: 'identifier' | 'password') => (value: string) =>
    actor.send({ type: 'field.change', field, value });

  return (
    <AuthCard
      title="Sign In"
      lead="Welcome back. Use your username or your college e-mail."
      footer={
        <>
          <Link to="/resetpassword">Forgot password?</Link>
          {signUpInvite}
        </>
      }
    >
      <AuthForm onSubmit={() => actor.send({ type: 'form.submit' })}>
        <TextField
          id="signin-identifier"
          label="Username / Email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={`quiet_otter or you@${collegeDomain}`}
          value={identifier}
          error={errors.identifier}
          disabled={busy}
          onValueChange={change('identifier')}
        />
        <PasswordField
          id="signin-password"
          label="Password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          disabled={busy}
          onValueChange={change('password')}
        />
        <SubmitButton enabled={canSubmit} busy={busy}>
          Sign In
        </SubmitButton>
      </AuthForm>
    </AuthCard>
  );
}
