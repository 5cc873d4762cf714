import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import { resetPasswordMachine } from '../../../src/machines/resetPassword.machine.ts';
import { ResetPasswordScreen } from '../../../src/views/pages/auth/ResetPasswordScreen.tsx';
import { authActors, effectSpies, email, fakeAuthApi, userID } from '../../support/authFakes.ts';
import { button, field, renderScreen } from '../../support/authScreens.tsx';

function renderReset() {
  const effects = effectSpies();
  const api = fakeAuthApi({ purpose: 'reset' });
  const machine = resetPasswordMachine.provide({ actors: authActors(api), actions: effects });
  const user = renderScreen('/resetpassword', <ResetPasswordScreen machine={machine} />);
  return { effects, api, user };
}

describe('reset password page', () => {
  it('walks through e-mail, OTP and new password, then signs in and goes home', async () => {
    const { user, api, effects } = renderReset();

    await user.type(field('E-mail'), email);
    await user.click(button('Send OTP'));
    expect(await screen.findByRole('button', { name: 'Varify OTP' })).toBeTruthy();
    expect(api.requestPasswordReset).toHaveBeenCalledWith({ email });
    expect(effects.notify).toHaveBeenCalledWith(expect.anything(), { kind: 'success', text: AUTH.otpSent });
    expect(button('Resend OTP (60s)').disabled).toBe(true);

    await user.type(field('OTP'), '123456');
    await user.click(button('Varify OTP'));
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(api.verifyOtp).toHaveBeenCalledWith({ userID, email, otp: '123456' });

    await user.type(field('New password'), 'N3w!secret');
    await user.click(button('Confirm'));
    await waitFor(() => expect(effects.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/' }));
    expect(api.updatePassword).toHaveBeenCalledWith({ userID, password: 'N3w!secret' });
    expect(effects.notify).toHaveBeenLastCalledWith(expect.anything(), {
      kind: 'success',
      text: AUTH.passwordUpdated,
    });
    expect(effects.startSession).toHaveBeenCalledWith(expect.anything(), { email });
  });

  it('rejects an address that is not one with * Invalid Email', async () => {
    const { user, api } = renderReset();
    await user.type(field('E-mail'), 'not-an-address');
    await user.click(button('Send OTP'));
    expect(screen.getByText(VALIDATION.invalidEmail)).toBeTruthy();
    expect(button('Send OTP').disabled).toBe(true);
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('tells an unknown address that the user does not exist', async () => {
    const { user, api, effects } = renderReset();
    api.requestPasswordReset.mockRejectedValueOnce({ status: 404, message: AUTH.resetUnknownUser });
    await user.type(field('E-mail'), email);
    await user.click(button('Send OTP'));
    await waitFor(() =>
      expect(effects.notify).toHaveBeenCalledWith(expect.anything(), {
        kind: 'error',
        text: AUTH.resetUnknownUser,
      }),
    );
    expect(field('E-mail').value).toBe(email);
  });

  it('asks for a strong new password with the reset wording', async () => {
    const { user } = renderReset();
    await user.type(field('E-mail'), email);
    await user.click(button('Send OTP'));
    await user.type(await screen.findByLabelText('OTP'), '123456');
    await user.click(button('Varify OTP'));
    await user.type(await screen.findByLabelText('New password'), 'weak');
    await user.click(button('Confirm'));
    expect(screen.getByText(VALIDATION.resetPassword)).toBeTruthy();
    expect(button('Confirm').disabled).toBe(true);
  });
});
