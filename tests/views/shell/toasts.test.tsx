import { render, screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { type ApiError, http, request } from '../../../src/services/http.ts';
import { showNotice } from '../../../src/views/app/effects.ts';
import { RateLimitNotice } from '../../../src/views/app/RateLimitNotice.tsx';
import { ToastArea } from '../../../src/views/app/ToastArea.tsx';
import { dismissToast } from '../../../src/views/app/toasts.ts';

describe('the toast area', () => {
  it('stays empty until the first notice, then shows the notices in order and replaces by id', async () => {
    const { container } = render(<ToastArea />);
    expect(container.innerHTML).toBe('');
    showNotice({ kind: 'loading', text: 'Logging out...', id: 'logout' });
    showNotice({ kind: 'error', text: 'Sign In First' });
    expect(await screen.findByText('Sign In First')).toBeTruthy();
    expect(screen.getByText('Logging out...')).toBeTruthy();

    showNotice({ kind: 'success', text: 'Logged out', id: 'logout' });
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(screen.queryByText('Logging out...')).toBeNull();

    dismissToast('logout');
    await waitFor(() => expect(screen.queryByText('Logged out')).toBeNull());
  });
});

describe('the request-rate limit', () => {
  it("shows the server's wait message once, however many requests it refuses", async () => {
    const msg = 'Too many requests. Please wait 12 seconds and try again.';
    const adapter = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      const response = { data: { msg }, status: 429, statusText: '', headers: {}, config };
      throw new AxiosError('Request failed with status code 429', 'ERR_BAD_REQUEST', config, null, response);
    };
    try {
      render(
        <>
          <ToastArea />
          <RateLimitNotice />
        </>,
      );
      const refused = await Promise.allSettled([
        request(() => http.get('posts/getPost')),
        request(() => http.post('posts/vote')),
      ]);
      expect(refused.map((r) => r.status === 'rejected' && (r.reason as ApiError).status)).toEqual([
        429, 429,
      ]);
      expect(await screen.findAllByText(msg)).toHaveLength(1);
    } finally {
      http.defaults.adapter = adapter;
    }
  });
});
