import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import { OTP_NOTICE_ID, type Verified } from '../../../src/machines/otpStep.ts';
import { ApiError } from '../../../src/services/http.ts';
import { email } from '../../support/authFakes.ts';
import { button, field, renderAuth } from '../../support/authScreens.tsx';

const title = 'Verify your account';

/**
 * The verification page, opened as sign-in opens it: with the address in the navigation state when
 * `initialEmail` is given, else straight at /varifyaccount.
 */
async function renderVerify({
  purpose = 'verify',
  initialEmail,
}: {
  purpose?: Verified['purpose'];
  initialEmail?: string;
} = {}) {
  if (!initialEmail) return renderAuth('/varifyaccount', title, { purpose });
  const view = await renderAuth('/about/', 'About Quad', { purpose });
  await act(() => view.router.navigate('/varifyaccount', { state: { email: initialEmail } }));
  await screen.findByRole('heading', { level: 1, name: title });
  return view;
}

describe('verify account page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the resend label down every second and enables it at the end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await renderVerify({ initialEmail: email });
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
    expect(api.resendOtp).toHaveBeenLastCalledWith({ email });
  });

  it('sends an OTP to the typed address and then counts down to Resend', async () => {
    const { user, api, platform } = await renderVerify();
    await user.type(field('E-mail'), email);
    await user.click(button('Send OTP'));
    expect(await screen.findByRole('button', { name: 'Resend OTP (60s)' })).toBeTruthy();
    expect(button('Resend OTP (60s)').disabled).toBe(true);
    expect(api.resendOtp).toHaveBeenCalledWith({ email });
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: AUTH.otpSent, id: OTP_NOTICE_ID });
  });

  it('verifies the account and goes to Sign In', async () => {
    const { user, api, platform, router, session } = await renderVerify({ initialEmail: email });
    expect(field('E-mail').value).toBe(email);
    await user.type(field('OTP'), '123456');
    await user.click(button('Verify'));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/signin' }));
    expect(api.verifyOtp).toHaveBeenCalledWith({ email, otp: '123456' });
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: AUTH.emailVerified });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    // Nobody was signed in.
    expect(api.loadUser).not.toHaveBeenCalled();
    expect(session.getSnapshot().hasTag('signedIn')).toBe(false);
  });

  it('goes home signed in when the OTP was the sign-up one', async () => {
    const { user, api, platform, router, session } = await renderVerify({
      purpose: 'signup',
      initialEmail: email,
    });
    await user.type(field('OTP'), '123456');
    await user.click(button('Verify'));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith({ to: '/' }));
    await waitFor(() => expect(session.getSnapshot().hasTag('signedIn')).toBe(true));
    expect(api.loadUser).toHaveBeenCalledExactlyOnceWith(email);
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows both field rules when Verify is pressed on an empty form', async () => {
    const { user, api } = await renderVerify();
    await user.click(button('Verify'));
    expect(screen.getByText(VALIDATION.invalidEmail)).toBeTruthy();
    expect(screen.getByText(VALIDATION.otp)).toBeTruthy();
    expect(button('Verify').disabled).toBe(true);
    expect(api.verifyOtp).not.toHaveBeenCalled();
  });

  it('says OTP expired after a 403', async () => {
    const { user, api, platform } = await renderVerify({ initialEmail: email });
    api.verifyOtp.mockRejectedValueOnce(new ApiError(403, AUTH.otpExpired));
    await user.type(field('OTP'), '123456');
    await user.click(button('Verify'));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({
        kind: 'error',
        text: AUTH.otpExpired,
        id: OTP_NOTICE_ID,
      }),
    );
    expect(platform.navigate).not.toHaveBeenCalled();
  });
});
