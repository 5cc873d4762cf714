import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import { ApiError } from '../../../src/services/http.ts';
import { email } from '../../support/authFakes.ts';
import { button, field, renderAuth } from '../../support/authScreens.tsx';

const renderSignIn = () => renderAuth('/signin', 'Sign In');
const signInButton = () => button('Sign In');

describe('sign-in page', () => {
  it('sends a college address as email, signs in and goes home', async () => {
    const { user, api, platform, router, session } = await renderSignIn();
    await user.type(field('Username / Email'), email);
    await user.type(field('Password'), 'whatever!1');
    await user.click(signInButton());

    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/' }));
    expect(api.signIn).toHaveBeenCalledWith({ email, password: 'whatever!1' });
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: AUTH.loggedIn });
    // The session was told: it loads the user by that address and is signed in.
    await waitFor(() => expect(session.getSnapshot().hasTag('signedIn')).toBe(true));
    expect(api.loadUser).toHaveBeenCalledExactlyOnceWith(email);
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends anything else as username', async () => {
    const { user, api } = await renderSignIn();
    await user.type(field('Username / Email'), 'quiet_otter');
    await user.type(field('Password'), 'whatever!1');
    await user.click(signInButton());
    await waitFor(() =>
      expect(api.signIn).toHaveBeenCalledWith({ username: 'quiet_otter', password: 'whatever!1' }),
    );
  });

  it('says Invalid Credentials and stays on the form after a 401', async () => {
    const { user, api, platform, session } = await renderSignIn();
    api.signIn.mockRejectedValueOnce(new ApiError(401, AUTH.invalidCredentials));
    await user.type(field('Username / Email'), 'quiet_otter');
    await user.type(field('Password'), 'wrong');
    await user.click(signInButton());
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: AUTH.invalidCredentials }),
    );
    expect(platform.navigate).not.toHaveBeenCalled();
    expect(signInButton().disabled).toBe(false);
    expect(api.loadUser).not.toHaveBeenCalled();
    expect(session.getSnapshot().hasTag('signedIn')).toBe(false);
  });

  it('sends an unverified account to the verification page with its address', async () => {
    const { user, api, platform, router } = await renderSignIn();
    api.signIn.mockRejectedValueOnce(new ApiError(403, AUTH.accountNotVerified));
    await user.type(field('Username / Email'), email);
    await user.type(field('Password'), 'whatever!1');
    await user.click(signInButton());
    await waitFor(() =>
      expect(platform.navigate).toHaveBeenCalledWith({ to: '/varifyaccount', state: { email } }),
    );
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: AUTH.accountNotVerified });
    // The verification page takes the address over.
    await screen.findByRole('heading', { level: 1, name: 'Verify your account' });
    expect(router.state.location.pathname).toBe('/varifyaccount');
    expect(field('E-mail').value).toBe(email);
  });

  it('shows what is missing and keeps Sign In disabled until the next edit', async () => {
    const { user, api } = await renderSignIn();
    await user.click(signInButton());
    expect(screen.getAllByText(VALIDATION.required)).toHaveLength(2);
    expect(signInButton().disabled).toBe(true);
    await user.type(field('Username / Email'), 'q');
    expect(signInButton().disabled).toBe(false);
    expect(api.signIn).not.toHaveBeenCalled();
  });

  it('links to password reset and sign-up', async () => {
    await renderSignIn();
    // The card's own links (the top bar has a Sign up link of its own).
    const card = within(screen.getByRole('main'));
    expect(card.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/resetpassword');
    expect(card.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
  });
});
