import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import type { ResendOtpBody, SignupBody, VarifyOtpBody } from '../../../src/domain/validation.ts';
import {
  signupMachine,
  signupUsernameSuggestions,
  type Verified,
} from '../../../src/machines/signup.machine.ts';
import { SignUpScreen } from '../../../src/views/pages/auth/SignUpScreen.tsx';

const userID = '5b0c1d62-4c5e-4c41-9d1e-2f6f4b8a9c11';
const batch = ['amber_fox', 'quiet_otter', 'brisk_lynx', 'calm_heron', 'swift_wren'];

function renderSignUp() {
  const effects = { notify: vi.fn(), navigate: vi.fn(), startSession: vi.fn(), showWelcome: vi.fn() };
  const api = {
    generateUsernames: vi.fn(async () => batch),
    signUp: vi.fn(async (body: SignupBody) => ({ msg: 'sent', userID, email: body.email })),
    verifyOtp: vi.fn(
      async (body: VarifyOtpBody): Promise<Verified> => ({
        msg: 'ok',
        userID,
        email: body.email,
        purpose: 'signup',
      }),
    ),
    resendOtp: vi.fn(async (body: ResendOtpBody) => ({ msg: 'sent', userID, email: body.email })),
  };
  const machine = signupMachine.provide({
    actors: {
      usernameSuggestions: signupUsernameSuggestions.provide({
        actors: { generateUsernames: fromPromise(() => api.generateUsernames()) },
      }),
      signUp: fromPromise(({ input }: { input: SignupBody }) => api.signUp(input)),
      verifyOtp: fromPromise(({ input }: { input: VarifyOtpBody }) => api.verifyOtp(input)),
      resendOtp: fromPromise(({ input }: { input: ResendOtpBody }) => api.resendOtp(input)),
    },
    actions: effects,
  });
  render(
    <MemoryRouter initialEntries={['/signup']}>
      <SignUpScreen machine={machine} collegeDomain="ietlucknow.ac.in" />
    </MemoryRouter>,
  );
  return { effects, api, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'quiet_otter' }));
  await user.type(field('College e-mail'), 'ada@ietlucknow.ac.in');
  await user.type(field('Password'), 'Str0ng!pass');
}

describe('sign-up page', () => {
  it('fills the read-only username from a chosen chip and from the refresh icon', async () => {
    const { user } = renderSignUp();
    expect(field('Username').readOnly).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'quiet_otter' }));
    expect(field('Username').value).toBe('quiet_otter');
    expect(screen.queryByRole('button', { name: 'quiet_otter' })).toBeNull();

    await user.click(button('Suggest another username'));
    expect(field('Username').value).toBe('amber_fox');
    expect(screen.getAllByRole('button', { name: /_/ }).map((chip) => chip.textContent)).toEqual([
      'brisk_lynx',
      'calm_heron',
      'swift_wren',
    ]);
  });

  it('shows the e-mail rule and disables Sign Up after a bad e-mail until the next edit', async () => {
    const { user, api } = renderSignUp();
    await user.click(await screen.findByRole('button', { name: 'quiet_otter' }));
    await user.type(field('College e-mail'), 'ada@gmail.com');
    await user.type(field('Password'), 'Str0ng!pass');
    await user.click(button('Sign Up'));

    expect(screen.getByText(VALIDATION.collegeEmail)).toBeTruthy();
    expect(field('College e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(button('Sign Up').disabled).toBe(true);
    expect(api.signUp).not.toHaveBeenCalled();

    await user.type(field('College e-mail'), 'x');
    expect(button('Sign Up').disabled).toBe(false);
    expect(screen.queryByText(VALIDATION.collegeEmail)).toBeNull();
  });

  it('asks for a username and a strong password before sending anything', async () => {
    const { user } = renderSignUp();
    await user.click(button('Sign Up'));
    expect(screen.getByText(VALIDATION.usernameShort)).toBeTruthy();
    expect(screen.getByText(VALIDATION.password)).toBeTruthy();
  });

  it('reveals the password only while the eye is held down', async () => {
    const { user } = renderSignUp();
    await user.type(field('Password'), 'Str0ng!pass');
    const eye = button('Hold to show password');
    await user.pointer({ keys: '[MouseLeft>]', target: eye });
    expect(field('Password').type).toBe('text');
    await user.pointer({ keys: '[/MouseLeft]', target: eye });
    expect(field('Password').type).toBe('password');
  });

  it('moves to the OTP step with Change email and a 60 s resend countdown', async () => {
    const { user, api, effects } = renderSignUp();
    await fillValidForm(user);
    await user.click(button('Sign Up'));

    expect(await screen.findByText('ada@ietlucknow.ac.in')).toBeTruthy();
    expect(api.signUp).toHaveBeenCalledWith({
      username: 'quiet_otter',
      email: 'ada@ietlucknow.ac.in',
      password: 'Str0ng!pass',
    });
    expect(effects.notify).toHaveBeenCalledWith(expect.anything(), { kind: 'success', text: AUTH.otpSent });
    expect(button('Resend OTP (60s)').disabled).toBe(true);

    await user.click(button('Change email'));
    expect(field('College e-mail').value).toBe('ada@ietlucknow.ac.in');
    expect(field('Username').value).toBe('quiet_otter');
  });

  it('signs the new user in, shows the welcome and goes home once the OTP is verified', async () => {
    const { user, api, effects } = renderSignUp();
    await fillValidForm(user);
    await user.click(button('Sign Up'));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(button('Verify'));

    await waitFor(() => expect(effects.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/' }));
    expect(api.verifyOtp).toHaveBeenCalledWith({ userID, email: 'ada@ietlucknow.ac.in', otp: '123456' });
    expect(effects.notify).toHaveBeenCalledWith(expect.anything(), {
      kind: 'success',
      text: AUTH.emailVerified,
    });
    expect(effects.startSession).toHaveBeenCalledWith(expect.anything(), { email: 'ada@ietlucknow.ac.in' });
    expect(effects.showWelcome).toHaveBeenCalledTimes(1);
  });

  it('clears the OTP field after an invalid OTP', async () => {
    const { user, api, effects } = renderSignUp();
    api.verifyOtp.mockRejectedValueOnce({ status: 401, message: AUTH.invalidOtp });
    await fillValidForm(user);
    await user.click(button('Sign Up'));
    await user.type(await screen.findByLabelText('OTP'), '654321');
    await user.click(button('Verify'));

    await waitFor(() => expect(field('OTP').value).toBe(''));
    expect(effects.notify).toHaveBeenLastCalledWith(expect.anything(), {
      kind: 'error',
      text: AUTH.invalidOtp,
    });
  });
});
