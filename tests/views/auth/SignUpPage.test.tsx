import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import { signupMachine, signupUsernameSuggestions } from '../../../src/machines/signup.machine.ts';
import { SignUpScreen } from '../../../src/views/pages/auth/SignUpScreen.tsx';
import { authActors, collegeDomain, effectSpies, fakeAuthApi, userID } from '../../support/authFakes.ts';
import { button, field, renderScreen } from '../../support/authScreens.tsx';

const batch = ['amber_fox', 'quiet_otter', 'brisk_lynx', 'calm_heron', 'swift_wren'];

function renderSignUp() {
  const effects = effectSpies();
  const api = fakeAuthApi({ purpose: 'signup', usernames: batch });
  const machine = signupMachine.provide({
    actors: {
      ...authActors(api),
      usernameSuggestions: signupUsernameSuggestions.provide({
        actors: { generateUsernames: fromPromise(() => api.generateUsernames()) },
      }),
    },
    actions: effects,
  });
  const user = renderScreen('/signup', <SignUpScreen machine={machine} collegeDomain={collegeDomain} />);
  return { effects, api, user };
}

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
