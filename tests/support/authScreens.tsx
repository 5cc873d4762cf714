/**
 * The auth screens as the app shows them: its routes on its own actor system (renderApp), the college
 * domain from the platform's configuration, the auth calls answering like the server (authFakes.ts)
 * and the user of an account that signs in loaded by its e-mail. A test makes a call fail with
 * `api.<call>.mockRejectedValueOnce(new ApiError(...))`.
 */
import { screen } from '@testing-library/react';
import type { Verified } from '../../src/machines/otpStep.ts';
import { renderApp, testUser } from '../views/support/shell.tsx';
import { collegeDomain, fakeAuthApi } from './authFakes.ts';
import { fakePlatform } from './fakeSystem.ts';

interface AuthOptions {
  /** What the OTP verified (the server's answer to verifyOtp). */
  purpose?: Verified['purpose'];
  /** The batches of suggested usernames. */
  usernames?: string[];
}

/** Renders the app at `path` (signed out) and waits until the auth card titled `title` is shown. */
export async function renderAuth(path: string, title: string, { purpose, usernames }: AuthOptions = {}) {
  const view = renderApp(path, {
    platform: fakePlatform({ config: { collegeDomain } }),
    calls: {
      ...fakeAuthApi({ purpose, usernames }),
      loadUser: async (email: string) => ({ ...testUser, email }),
    },
  });
  await screen.findByRole('heading', { level: 1, name: title });
  await view.settled();
  return view;
}

export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
