/**
 * Toasts as the app shows them: the app root (App) as main.tsx builds it, on the real browser platform
 * (over a memory history) and a fake API, so a notice a machine gives goes through react-hot-toast to
 * the screen.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../src/domain/constants.ts';
import { type ApiError, answerCallsWith, onRateLimited, request } from '../../../src/services/http.ts';
import { browserPlatform } from '../../../src/system/browserPlatform.ts';
import { createQuadSystem } from '../../../src/system/quadSystem.ts';
import { App } from '../../../src/views/app/App.tsx';
import { type FakeApi, fakeApi } from '../../support/fakeSystem.ts';
import { noRequests } from '../../support/views.setup.ts';

/** The app at /about/ (it fetches nothing) on the browser platform, for a returning visitor. */
async function renderAppRoot(api: FakeApi = fakeApi()) {
  localStorage.setItem(STORAGE_KEYS.visited, 'true');
  const history = createMemoryHistory({ initialEntries: ['/about/'], v5Compat: true });
  const platform = browserPlatform(history);
  render(<App system={createQuadSystem(api, platform)} history={history} />);
  await screen.findByRole('heading', { name: 'About Quad' });
  return platform;
}

const toaster = () => document.querySelector('[data-rht-toaster]');

beforeEach(() => {
  // The browser platform logs the visitor's failed session restore on the console.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('the toast area', () => {
  it('stays empty until the first notice, then shows the notices in order and replaces by id', async () => {
    const platform = await renderAppRoot();
    expect(toaster()).toBeNull();
    act(() => {
      platform.notify({ kind: 'loading', text: 'Logging out...', id: 'logout' });
      platform.notify({ kind: 'error', text: 'Sign In First' });
    });
    expect(await screen.findByText('Sign In First')).toBeTruthy();
    expect(screen.getByText('Logging out...')).toBeTruthy();
    expect(toaster()).not.toBeNull();

    act(() => platform.notify({ kind: 'success', text: 'Logged out', id: 'logout' }));
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(screen.queryByText('Logging out...')).toBeNull();

    act(() => platform.dismissNotice('logout'));
    await waitFor(() => expect(screen.queryByText('Logged out')).toBeNull());
    expect(screen.getByText('Sign In First')).toBeTruthy();
  });
});

describe('the request-rate limit', () => {
  it("shows the server's wait message once, however many requests it refuses", async () => {
    const msg = 'Too many requests. Please wait 12 seconds and try again.';
    answerCallsWith(async (config) => {
      const response = { data: { msg }, status: 429, statusText: '', headers: {}, config };
      throw new AxiosError('Request failed with status code 429', 'ERR_BAD_REQUEST', config, null, response);
    });
    try {
      // The system hears the HTTP client's 429s, as the real API object wires them.
      const api = fakeApi({ onRateLimited });
      await renderAppRoot(api);
      expect(api.onRateLimited).toHaveBeenCalledTimes(1);
      const refused = await Promise.allSettled([
        request((http) => http.get('posts/getPost')),
        request((http) => http.post('posts/vote')),
      ]);
      expect(refused.map((r) => r.status === 'rejected' && (r.reason as ApiError).status)).toEqual([
        429, 429,
      ]);
      expect(await screen.findAllByText(msg)).toHaveLength(1);
    } finally {
      answerCallsWith(noRequests);
    }
  });
});
