import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import { ApiError } from '../../../src/services/http.ts';
import { email, userID } from '../../support/authFakes.ts';
import { button, field, renderAuth } from '../../support/authScreens.tsx';

const renderReset = () => renderAuth('/resetpassword', 'Reset password', { purpose: 'reset' });

describe('reset password page', () => {
  it('walks through e-mail, OTP and new password, then signs in and goes home', async () => {
    const { user, api, platform, session, router } = await renderReset();

    await user.type(field('E-mail'), email);
    await user.click(button('Send OTP'));
    expect(await screen.findByRole('button', { name: 'Varify OTP' })).toBeTruthy();
    expect(api.requestPasswordReset).toHaveBeenCalledWith({ email });
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: AUTH.otpSent });
    expect(button('Resend OTP (60s)').disabled).toBe(true);

    await user.type(field('OTP'), '123456');
    await user.click(button('Varify OTP'));
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(api.verifyOtp).toHaveBeenCalledWith({ userID, email, otp: '123456' });

    await user.type(field('New password'), 'N3w!secret');
    await user.click(button('Confirm'));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/' }));
    expect(api.updatePassword).toHaveBeenCalledWith({ userID, password: 'N3w!secret' });
    expect(platform.notify).toHaveBeenLastCalledWith({ kind: 'success', text: AUTH.passwordUpdated });
    // The session was told who signed in.
    await waitFor(() => expect(session.getSnapshot().hasTag('signedIn')).toBe(true));
    expect(api.loadUser).toHaveBeenCalledExactlyOnceWith(email);
    expect(router.state.location.pathname).toBe('/');
  });

  it('rejects an address that is not one with * Invalid Email', async () => {
    const { user, api } = await renderReset();
    await user.type(field('E-mail'), 'not-an-address');
    await user.click(button('Send OTP'));
    expect(screen.getByText(VALIDATION.invalidEmail)).toBeTruthy();
    expect(button('Send OTP').disabled).toBe(true);
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('tells an unknown address that the user does not exist', async () => {
    const { user, api, platform } = await renderReset();
    api.requestPasswordReset.mockRejectedValueOnce(new ApiError(404, AUTH.resetUnknownUser));
    await user.type(field('E-mail'), email);
    await user.click(button('Send OTP'));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: AUTH.resetUnknownUser }),
    );
    expect(field('E-mail').value).toBe(email);
  });

  it('asks for a strong new password with the reset wording', async () => {
    const { user, api } = await renderReset();
    await user.type(field('E-mail'), email);
    await user.click(button('Send OTP'));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(button('Varify OTP'));
    await user.type(await screen.findByLabelText('New password'), 'weak');
    await user.click(button('Confirm'));
    expect(screen.getByText(VALIDATION.resetPassword)).toBeTruthy();
    expect(button('Confirm').disabled).toBe(true);
    expect(api.updatePassword).not.toHaveBeenCalled();
  });
});
