import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import type { Verified } from '../../../src/machines/otpStep.ts';
import { verifyAccountMachine } from '../../../src/machines/verifyAccount.machine.ts';
import { VerifyAccountScreen } from '../../../src/views/pages/auth/VerifyAccountScreen.tsx';
import { authActors, effectSpies, email, fakeAuthApi } from '../../support/authFakes.ts';
import { button, field, renderScreen } from '../../support/authScreens.tsx';

function renderVerify({
  purpose = 'verify',
  initialEmail,
}: {
  purpose?: Verified['purpose'];
  initialEmail?: string;
} = {}) {
  const effects = effectSpies();
  const api = fakeAuthApi({ purpose });
  const machine = verifyAccountMachine.provide({ actors: authActors(api), actions: effects });
  const user = renderScreen('/varifyaccount', <VerifyAccountScreen machine={machine} email={initialEmail} />);
  return { effects, api, user };
}

describe('verify account page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the resend label down every second and enables it at the end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderVerify({ initialEmail: email });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(button('Send OTP'));
    expect(await screen.findByRole('button', { name: 'Resend OTP (60s)' })).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button('Resend OTP (59s)').disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(button('Resend OTP').disabled).toBe(false);
    await user.click(button('Resend OTP'));
    await waitFor(() => expect(api.resendOtp).toHaveBeenCalledTimes(2));
  });

  it('sends an OTP to the typed address and then counts down to Resend', async () => {
    const { user, api, effects } = renderVerify();
    await user.type(field('E-mail'), email);
    await user.click(button('Send OTP'));
    expect(await screen.findByRole('button', { name: 'Resend OTP (60s)' })).toBeTruthy();
    expect(button('Resend OTP (60s)').disabled).toBe(true);
    expect(api.resendOtp).toHaveBeenCalledWith({ email });
    expect(effects.notify).toHaveBeenCalledWith(expect.anything(), { kind: 'success', text: AUTH.otpSent });
  });

  it('verifies the account and goes to Sign In', async () => {
    const { user, api, effects } = renderVerify({ initialEmail: email });
    expect(field('E-mail').value).toBe(email);
    await user.type(field('OTP'), '123456');
    await user.click(button('Verify'));
    await waitFor(() => expect(effects.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/signin' }));
    expect(api.verifyOtp).toHaveBeenCalledWith({ email, otp: '123456' });
    expect(effects.notify).toHaveBeenCalledWith(expect.anything(), {
      kind: 'success',
      text: AUTH.emailVerified,
    });
    expect(effects.startSession).not.toHaveBeenCalled();
  });

  it('goes home signed in when the OTP was the sign-up one', async () => {
    const { user, effects } = renderVerify({ purpose: 'signup', initialEmail: email });
    await user.type(field('OTP'), '123456');
    await user.click(button('Verify'));
    await waitFor(() => expect(effects.navigate).toHaveBeenCalledWith(expect.anything(), { to: '/' }));
    expect(effects.startSession).toHaveBeenCalledWith(expect.anything(), { email });
  });

  it('shows both field rules when Verify is pressed on an empty form', async () => {
    const { user, api } = renderVerify();
    await user.click(button('Verify'));
    expect(screen.getByText(VALIDATION.invalidEmail)).toBeTruthy();
    expect(screen.getByText(VALIDATION.otp)).toBeTruthy();
    expect(button('Verify').disabled).toBe(true);
    expect(api.verifyOtp).not.toHaveBeenCalled();
  });

  it('says OTP expired after a 403', async () => {
    const { user, api, effects } = renderVerify({ initialEmail: email });
    api.verifyOtp.mockRejectedValueOnce({ status: 403, message: AUTH.otpExpired });
    await user.type(field('OTP'), '123456');
    await user.click(button('Verify'));
    await waitFor(() =>
      expect(effects.notify).toHaveBeenCalledWith(expect.anything(), {
        kind: 'error',
        text: AUTH.otpExpired,
      }),
    );
    expect(effects.navigate).not.toHaveBeenCalled();
  });
});
