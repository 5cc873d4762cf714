import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../src/domain/messages.ts';
import { NO_NOTIFICATIONS } from '../../../src/views/layout/NotificationBell.tsx';
import { createTestSession, renderApp, testNotification, testUser } from '../support/shell.tsx';

describe('top bar, signed out', () => {
  it('offers Sign in and Sign up, and About in the side nav', async () => {
    const session = createTestSession();
    renderApp('/', { session });
    await session.settled();
    const header = screen.getByRole('banner');
    expect((await within(header).findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe(
      '/signin',
    );
    expect(within(header).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(within(header).getByRole('link', { name: 'Quad home' }).getAttribute('href')).toBe('/');
    expect(within(header).queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Account menu' })).toBeNull();

    const nav = screen.getByRole('navigation', { name: 'Primary' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent?.trim()),
    ).toEqual(['Home', 'Popular', 'About']);
  });

  it('shows neither while the session is being restored', () => {
    const session = createTestSession({ restorePending: true });
    renderApp('/', { session });
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Account menu' })).toBeNull();
  });
});

describe('top bar, signed in', () => {
  const notifications = [
    testNotification({ id: 'n1', title: 'Vote', body: 'upvoted your post!' }),
    testNotification({ id: 'n2', title: 'Vote', body: 'downvoted your post!' }),
    testNotification({ id: 'n3', title: 'Join My Room', body: 'wants to join chess', isRead: true }),
  ];

  it('shows the bell with the unread count and hides About from the side nav', async () => {
    const session = createTestSession({ user: testUser, notifications });
    renderApp('/', { session });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('unread-badge').textContent).toBe('2');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Primary' });
    expect(within(nav).queryByRole('link', { name: 'About' })).toBeNull();
  });

  it('lists the notifications in the bell dropdown, read-only', async () => {
    const session = createTestSession({ user: testUser, notifications });
    const { user } = renderApp('/', { session });
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).getByText('downvoted your post!')).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('says all caught up when there are no notifications, without a badge', async () => {
    const session = createTestSession({ user: testUser, notifications: [] });
    const { user } = renderApp('/', { session });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByTestId('unread-badge')).toBeNull();
    await user.click(bell);
    expect(screen.getByText(NO_NOTIFICATIONS)).toBeTruthy();
  });

  it('opens the avatar menu with a welcome line, Profile, Settings, About and Logout', async () => {
    const session = createTestSession({ user: testUser });
    const { user } = renderApp('/', { session });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByText('Welcome,')).toBeTruthy();
    expect(screen.getByText(testUser.username)).toBeTruthy();
    const menu = screen.getByRole('menu', { name: 'Account' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.trim())).toEqual(['Profile', 'Settings', 'About', 'Logout']);
    expect(items.slice(0, 3).map((item) => item.getAttribute('href'))).toEqual([
      `/u/${testUser.username}`,
      '/setting/',
      '/about/',
    ]);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu' }));
  });

  it('closes the avatar menu on an outside click', async () => {
    const session = createTestSession({ user: testUser });
    const { user } = renderApp('/', { session });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('welcomes a user without a username as Anonymous', async () => {
    const session = createTestSession({ user: { ...testUser, username: '' } });
    const { user } = renderApp('/', { session });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByText(SCREENS.anonymous)).toBeTruthy();
  });

  it('logs out from the avatar menu', async () => {
    const session = createTestSession({ user: testUser });
    const sent: string[] = [];
    session.actor.subscribe({ next: (snapshot) => sent.push(JSON.stringify(snapshot.value)) });
    const { user } = renderApp('/', { session });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(sent).toContain('"loggingOut"');
    await waitFor(() => expect(session.logOut).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(session.navigations).toHaveBeenCalledWith({ to: '/signin' });
  });
});
