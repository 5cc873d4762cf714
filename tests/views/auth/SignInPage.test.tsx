import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import type { SigninBody } from '../../../src/domain/validation.ts';
import { type SignedIn, signinMachine } from '../../../src/machines/signin.machine.ts';
import { SignInScreen } from '../../../src/views/pages/auth/SignInScreen.tsx';

const email = 'ada@ietlucknow.ac.in';

function renderSignIn(
  signIn = vi.fn(async (_: SigninBody): Promise<SignedIn> => ({ msg: AUTH.loggedIn, email })),
) {
  const effects = { notify: vi.fn(), navigate: vi.fn(), startSession: vi.fn() };
  const machine = signinMachine.provide({
    actors: { signIn: fromPromise(({ input }: { input: SigninBody }) => signIn(input)) },
    actions: effects,
  });
  render(
    <MemoryRouter initialEntries={['/signin']}>
      <SignInScreen machine={machine} collegeDomain="ietlucknow.ac.in" />
    </MemoryRouter>,
  );
  return { effects, signIn, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const signInButton = () => screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;

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
    const signIn = vi.fn(async (_: SigninBody): Promise<SignedIn> => {
      throw { status: 401, message: AUTH.invalidCredentials };
    });
    const { user, effects } = renderSignIn(signIn);
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
    const signIn = vi.fn(async (_: SigninBody): Promise<SignedIn> => {
      throw { status: 403, message: AUTH.accountNotVerified };
    });
    const { user, effects } = renderSignIn(signIn);
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
