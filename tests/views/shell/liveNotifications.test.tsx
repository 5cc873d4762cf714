import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testNotification, testUser } from '../support/shell.tsx';

describe('notifications on the live stream (issue 20)', () => {
  it('come into the badge at once and are said politely to a screen reader', async () => {
    const { platform } = renderApp('/', { user: testUser, notifications: [] });
    await screen.findByRole('button', { name: 'Notifications' });
    const stream = platform.eventStreams.at(-1);
    if (!stream) throw new Error('the signed-in app opened no stream');

    act(() => {
      stream.send('ready', '1', { watch: null });
      stream.send(
        'notification',
        '2',
        testNotification({ id: 'n9', title: 'New reply', body: 'brave_fox replied to your post' }),
      );
    });

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    const header = screen.getByRole('banner');
    const said = within(header).getByText('New notification: New reply brave_fox replied to your post');
    const region = said.closest('[role="status"]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
  });

  it('keep the live region in the page, empty, before anything arrives', async () => {
    const { settled } = renderApp('/');
    await settled();
    const regions = within(screen.getByRole('banner')).getAllByRole('status');
    const live = regions.find((region) => region.getAttribute('aria-live') === 'polite');
    expect(live?.textContent).toBe('');
  });
});
