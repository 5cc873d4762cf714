import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { AUTH, VALIDATION } from '../../../src/domain/messages.ts';
import type {
  ResendOtpBody,
  ResetPassBody,
  UpdatePassBody,
  VarifyOtpBody,
} from '../../../src/domain/validation.ts';
import { type PasswordUpdated, resetPasswordMachine } from '../../../src/machines/resetPassword.machine.ts';
import type { OtpSent, Verified } from '../../../src/machines/signup.machine.ts';
import { ResetPasswordScreen } from '../../../src/views/pages/auth/ResetPasswordScreen.tsx';

const email = 'ada@ietlucknow.ac.in';
const userID = '5b0c1d62-4c5e-4c41-9d1e-2f6f4b8a9c11';

function renderReset() {
  const effects = { notify: vi.fn(), navigate: vi.fn(), startSession: vi.fn() };
  const api = {
    requestPasswordReset: vi.fn(
      async (body: ResetPassBody): Promise<OtpSent> => ({ msg: 'sent', userID, email: body.email }),
    ),
    verifyOtp: vi.fn(
      async (body: VarifyOtpBody): Promise<Verified> => ({
        msg: 'ok',
        userID,
        email: body.email,
        purpose: 'reset',
      }),
    ),
    resendOtp: vi.fn(
      async (body: ResendOtpBody): Promise<OtpSent> => ({ msg: 'sent', userID, email: body.email }),
    ),
    updatePassword: vi.fn(
      async (_: UpdatePassBody): Promise<PasswordUpdated> => ({ msg: AUTH.passwordUpdated, email }),
    ),
  };
  const machine = resetPasswordMachine.provide({
    actors: {
      requestPasswordReset: fromPromise(({ input }: { input: ResetPassBody }) =>
        api.requestPasswordReset(input),
      ),
      verifyOtp: fromPromise(({ input }: { input: VarifyOtpBody }) => api.verifyOtp(input)),
      resendOtp: fromPromise(({ input }: { input: ResendOtpBody }) => api.resendOtp(input)),
      updatePassword: fromPromise(({ input }: { input: UpdatePassBody }) => api.updatePassword(input)),
    },
    actions: effects,
  });
  render(
    <MemoryRouter initialEntries={['/resetpassword']}>
      <ResetPasswordScreen machine={machine} />
    </MemoryRouter>,
  );
  return { effects, api, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

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
