import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import { OTP_NOTICE_ID } from '../../../src/machines/otpStep.ts';
import { ApiError } from '../../../src/services/http.ts';
import { userID } from '../../support/authFakes.ts';
import { button, field, renderAuth } from '../../support/authScreens.tsx';

const batch = ['amber_fox', 'quiet_otter', 'brisk_lynx', 'calm_heron', 'swift_wren'];
const address = 'ada@ietlucknow.ac.in';

const renderSignUp = () => renderAuth('/signup', 'Sign Up', { purpose: 'signup', usernames: batch });
type View = Awaited<ReturnType<typeof renderSignUp>>;

async function fillValidForm(user: View['user']) {
  await user.click(await screen.findByRole('button', { name: 'quiet_otter' }));
  await user.type(field('College e-mail'), address);
  await user.type(field('Password'), 'Str0ng!pass');
}

describe('sign-up page', () => {
  it('fills the read-only username from a chosen chip and from the refresh icon', async () => {
    const { user, api } = await renderSignUp();
    expect(field('Username').readOnly).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'quiet_otter' }));
    expect(field('Username').value).toBe('quiet_otter');
    expect(screen.queryByRole('button', { name: 'quiet_otter' })).toBeNull();

    await user.click(button('Suggest another username'));
    expect(field('Username').value).toBe('amber_fox');
    const chips = within(screen.getByRole('main')).getAllByRole('button', { name: /_/ });
    expect(chips.map((chip) => chip.textContent)).toEqual(['brisk_lynx', 'calm_heron', 'swift_wren']);
    expect(api.generateUsernames).toHaveBeenCalled();
  });

  it('shows the e-mail rule and disables Sign Up after a bad e-mail until the next edit', async () => {
    const { user, api } = await renderSignUp();
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
    const { user, api } = await renderSignUp();
    await user.click(button('Sign Up'));
    expect(screen.getByText(VALIDATION.usernameShort)).toBeTruthy();
    expect(screen.getByText(VALIDATION.password)).toBeTruthy();
    expect(api.signUp).not.toHaveBeenCalled();
  });

  it('reveals the password only while the eye is held down', async () => {
    const { user } = await renderSignUp();
    await user.type(field('Password'), 'Str0ng!pass');
    const eye = button('Hold to show password');
    await user.pointer({ keys: '[MouseLeft>]', target: eye });
    expect(field('Password').type).toBe('text');
    await user.pointer({ keys: '[/MouseLeft]', target: eye });
    expect(field('Password').type).toBe('password');
  });

  it('moves to the OTP step with Change email and a 60 s resend countdown', async () => {
    const { user, api, platform } = await renderSignUp();
    await fillValidForm(user);
    await user.click(button('Sign Up'));

    expect(await screen.findByText(address)).toBeTruthy();
    expect(api.signUp).toHaveBeenCalledWith({
      username: 'quiet_otter',
      email: address,
      password: 'Str0ng!pass',
    });
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: AUTH.otpSent });
    expect(button('Resend OTP (60s)').disabled).toBe(true);

    await user.click(button('Change email'));
    expect(field('College e-mail').value).toBe(address);
    expect(field('Username').value).toBe('quiet_otter');
  });

  it('signs the new user in, shows the welcome and goes home once the OTP is verified', async () => {
    const { user, api, platform, router, session } = await renderSignUp();
    await fillValidForm(user);
    await user.click(button('Sign Up'));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(button('Verify'));

    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/' }));
    expect(api.verifyOtp).toHaveBeenCalledWith({ userID, email: address, otp: '123456' });
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: AUTH.emailVerified });
    // The session was told who signed in, and the welcome actor to show the overlay (once).
    await waitFor(() => expect(session.getSnapshot().hasTag('signedIn')).toBe(true));
    expect(api.loadUser).toHaveBeenCalledExactlyOnceWith(address);
    expect(await screen.findByRole('dialog', { name: 'Welcome to Quad!' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('clears the OTP field after an invalid OTP, and takes the refusal away when the right code is tried', async () => {
    const { user, api, platform } = await renderSignUp();
    api.verifyOtp.mockRejectedValueOnce(new ApiError(401, AUTH.invalidOtp));
    await fillValidForm(user);
    await user.click(button('Sign Up'));
    await user.type(await screen.findByLabelText('OTP'), '654321');
    await user.click(button('Verify'));

    await waitFor(() => expect(field('OTP').value).toBe(''));
    expect(platform.notify).toHaveBeenLastCalledWith({
      kind: 'error',
      text: AUTH.invalidOtp,
      id: OTP_NOTICE_ID,
    });
    expect(platform.navigate).not.toHaveBeenCalled();

    platform.dismissNotice.mockClear();
    await user.type(field('OTP'), '123456');
    await user.click(button('Verify'));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/' }));
    expect(platform.dismissNotice).toHaveBeenCalledExactlyOnceWith(OTP_NOTICE_ID);
  });
});
