import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import { signinMachine } from '../../../src/machines/signin.machine.ts';
import { SignInScreen } from '../../../src/views/pages/auth/SignInScreen.tsx';
import { authActors, collegeDomain, effectSpies, email, fakeAuthApi } from '../../support/authFakes.ts';
import { button, field, renderScreen } from '../../support/authScreens.tsx';

function renderSignIn() {
  const effects = effectSpies();
  const api = fakeAuthApi();
  const machine = signinMachine.provide({ actors: authActors(api), actions: effects });
  const user = renderScreen('/signin', <SignInScreen machine={machine} collegeDomain={collegeDomain} />);
  return { effects, signIn: api.signIn, user };
}

const signInButton = () => button('Sign In');

describe('sign-in page', () => {
  it('sends a college address as email, signs in and goes home', async () => {
    const { user, signIn, effects } = renderSignIn();
    await user.type(field('Username / Email'), email);
    await user.type(field('Password'), 'whatever!1');
    await user.click(signInButton());

    await waitFor(() => expect(effects.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/' }));
    expect(signIn).toHaveBeenCalledWith({ email, password: 'whatever!1' });
    expect(effects.notify).toHaveBeenCalledWith(expect.anything(), { kind: 'success', text: AUTH.loggedIn });
    expect(effects.startSession).toHaveBeenCalledWith(expect.anything(), { email });
  });

  it('sends anything else as username', async () => {
    const { user, signIn } = renderSignIn();
    await user.type(field('Username / Email'), 'quiet_otter');
    await user.type(field('Password'), 'whatever!1');
    await user.click(signInButton());
    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith({ username: 'quiet_otter', password: 'whatever!1' }),
    );
  });

  it('says Invalid Credentials and stays on the form after a 401', async () => {
    const { user, effects, signIn } = renderSignIn();
    signIn.mockRejectedValueOnce({ status: 401, message: AUTH.invalidCredentials });
    await user.type(field('Username / Email'), 'quiet_otter');
    await user.type(field('Password'), 'wrong');
    await user.click(signInButton());
    await waitFor(() =>
      expect(effects.notify).toHaveBeenCalledWith(expect.anything(), {
        kind: 'error',
        text: AUTH.invalidCredentials,
      }),
    );
    expect(effects.navigate).not.toHaveBeenCalled();
    expect(signInButton().disabled).toBe(false);
  });

  it('sends an unverified account to the verification page with its address', async () => {
    const { user, effects, signIn } = renderSignIn();
    signIn.mockRejectedValueOnce({ status: 403, message: AUTH.accountNotVerified });
    await user.type(field('Username / Email'), email);
    await user.type(field('Password'), 'whatever!1');
    await user.click(signInButton());
    await waitFor(() =>
      expect(effects.navigate).toHaveBeenCalledWith(expect.anything(), {
        to: '/varifyaccount',
        state: { email },
      }),
    );
    expect(effects.notify).toHaveBeenCalledWith(expect.anything(), {
      kind: 'error',
      text: AUTH.accountNotVerified,
    });
  });

  it('shows what is missing and keeps Sign In disabled until the next edit', async () => {
    const { user, signIn } = renderSignIn();
    await user.click(signInButton());
    expect(screen.getAllByText(VALIDATION.required)).toHaveLength(2);
    expect(signInButton().disabled).toBe(true);
    await user.type(field('Username / Email'), 'q');
    expect(signInButton().disabled).toBe(false);
    expect(signIn).not.toHaveBeenCalled();
  });

  it('links to password reset and sign-up', () => {
    renderSignIn();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/resetpassword',
    );
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
  });
});
