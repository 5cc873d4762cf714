import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOPICS } from '../../../src/domain/constants.ts';
import { AUTH, NOTIFICATIONS, SCREENS } from '../../../src/domain/messages.ts';
import { LOGOUT_NOTICE_ID } from '../../../src/machines/session.machine.ts';
import { renderApp, testNotification, testUser } from '../support/shell.tsx';

/** The notifications panel's calls, answering as the server does. */
const panelCalls = {
  markNotificationRead: async () => ({ msg: 'Notification marked as read' }),
  markAllNotificationsRead: async () => ({ msg: 'All notifications marked as read' }),
  acceptJoinRequest: async () => ({ msg: 'Request accepted' }),
  // The post a notification leads to loads forever: only the path matters here.
  fetchPost: () => new Promise(() => {}),
};

describe('top bar, signed out', () => {
  it('offers Sign in and Sign up, and About and the topics in the side nav', async () => {
    const { settled } = renderApp('/');
    await settled();
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
      // The test window (1024 px) has no right column: its topics are in the side nav.
    ).toEqual(['Home', 'Popular', 'About', ...TOPICS.map((topic) => `q/${topic}`)]);
  });

  it('shows neither while the session is being restored', () => {
    const { session } = renderApp('/', { restorePending: true });
    expect(session.getSnapshot().hasTag('settling')).toBe(true);
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Account menu' })).toBeNull();
  });
});

describe('top bar, signed in', () => {
  const notifications = [
    testNotification({ id: 'n1', title: 'Vote', body: 'upvoted your post!' }),
    testNotification({ id: 'n2', title: 'Vote', body: 'downvoted your post!' }),
    testNotification({
      id: 'n3',
      kind: 'joinRequest',
      postId: null,
      roomId: 'room-1',
      title: 'Join My Room',
      body: 'chess',
      isRead: true,
    }),
  ];

  const renderSignedIn = (notes = notifications) =>
    renderApp('/', { user: testUser, notifications: notes, calls: panelCalls });

  it('shows the bell with the unread count and hides About from the side nav', async () => {
    renderSignedIn();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('unread-badge').textContent).toBe('2');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Primary' });
    expect(within(nav).queryByRole('link', { name: 'About' })).toBeNull();
  });

  it('lists the unread notifications in the panel; opening one marks it read, goes to the post and closes the panel', async () => {
    const { user, api, platform, router } = renderSignedIn();
    const bell = await screen.findByRole('button', { name: /Notifications/ });
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(panel).getByRole('button', { name: /downvoted your post!/ }));
    expect(api.markNotificationRead).toHaveBeenCalledExactlyOnceWith('n2');
    expect(platform.navigate).toHaveBeenCalledWith({ to: '/post/p1' });
    expect(router.state.location.pathname).toBe('/post/p1');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBe(
      document.activeElement,
    );
  });

  it('closes the panel on Escape and gives focus back to the bell', async () => {
    const { user } = renderSignedIn();
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
  });

  it('closes the panel when focus leaves it, and leaves focus where it went', async () => {
    const { user } = renderSignedIn();
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    await screen.findByRole('dialog', { name: 'Notifications' });
    const elsewhere = screen.getByRole('link', { name: 'Quad home' });
    elsewhere.focus();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    expect(document.activeElement).toBe(elsewhere);
  });

  it('keeps Tab inside the open panel, its controls in a loop, until Escape', async () => {
    const { user } = renderSignedIn();
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const controls = within(panel).getAllByRole('button');
    expect(document.activeElement).toBe(controls[0]);
    for (const _ of controls) await user.tab();
    expect(document.activeElement).toBe(controls[0]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });

  it('closes the panel when the address changes', async () => {
    const { user, router } = renderSignedIn();
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    await screen.findByRole('dialog', { name: 'Notifications' });
    await act(() => router.navigate('/about/'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('opens the panel from the keyboard, the bell keeping focus once its popover has loaded', async () => {
    const { user } = renderSignedIn();
    const bell = await screen.findByRole('button', { name: /Notifications/ });
    bell.focus();
    // The popover loads on focus and its own bell (Radix marks it with data-state) takes focus over.
    await waitFor(() => expect(document.activeElement?.getAttribute('data-state')).toBe('closed'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeTruthy();
  });

  it('marks all as read, leaving the caught-up text', async () => {
    const { user, api } = renderSignedIn();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: NOTIFICATIONS.markAll }));
    expect(api.markAllNotificationsRead).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(NOTIFICATIONS.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('accepts a join request from the panel', async () => {
    const request = testNotification({
      id: 'n4',
      kind: 'joinRequest',
      postId: null,
      roomId: 'room-1',
      title: 'Join My Room',
      body: 'chess',
      fromUser: 'u9',
    });
    const { user, api, platform } = renderSignedIn([request]);
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    await user.click(await screen.findByRole('button', { name: 'Accept u/brave_fox into q/chess' }));
    // by the room's id: a rename since the notice was sent does not matter
    await waitFor(() => expect(api.acceptJoinRequest).toHaveBeenCalledExactlyOnceWith('room-1', 'u9'));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenCalledWith({ kind: 'success', text: 'Request accepted' }),
    );
    // The session fetches the notifications again at once.
    await waitFor(() => expect(api.fetchNotifications).toHaveBeenCalledTimes(2));
  });

  it('says all caught up when there are no notifications, without a badge', async () => {
    const { user } = renderSignedIn([]);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(within(bell).queryByTestId('unread-badge')).toBeNull();
    await user.click(bell);
    expect(await screen.findByText(NOTIFICATIONS.empty)).toBeTruthy();
  });

  it('opens the avatar menu with a welcome line, Profile, Settings, About and Logout', async () => {
    const { user } = renderSignedIn();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    expect(within(menu).getByText('Welcome,')).toBeTruthy();
    expect(within(menu).getByText(testUser.username)).toBeTruthy();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.trim())).toEqual(['Profile', 'Settings', 'About', 'Logout']);
    expect(items.slice(0, 3).map((item) => item.getAttribute('href'))).toEqual([
      `/u/${testUser.username}`,
      '/setting/',
      '/about/',
    ]);
  });

  it('works the avatar menu from the keyboard: arrows, typeahead, Escape back to the button', async () => {
    const { user } = renderSignedIn();
    const button = await screen.findByRole('button', { name: 'Account menu' });
    button.focus();
    await waitFor(() => expect(document.activeElement?.getAttribute('data-state')).toBe('closed'));
    await user.keyboard('{Enter}');
    const items = within(await screen.findByRole('menu', { name: 'Account menu' })).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('l');
    expect(document.activeElement).toBe(items[3]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu' })),
    );
  });

  it('closes the avatar menu on an outside click', async () => {
    const { user } = renderSignedIn();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menu')).toBeTruthy();
    await user.click(screen.getByRole('main'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('welcomes a user without a username as Anonymous', async () => {
    const { user } = renderApp('/', { user: { ...testUser, username: '' } });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText(SCREENS.anonymous)).toBeTruthy();
  });

  it('logs out from the avatar menu', async () => {
    const { user, api, platform, session, router, settled } = renderSignedIn();
    const states: string[] = [];
    session.subscribe({ next: (snapshot) => states.push(JSON.stringify(snapshot.value)) });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(states).toContain('"loggingOut"');
    expect(platform.notify).toHaveBeenCalledWith({
      kind: 'loading',
      text: AUTH.loggingOut,
      id: LOGOUT_NOTICE_ID,
    });
    await settled();
    expect(api.logOut).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(platform.navigate).toHaveBeenCalledWith({ to: '/signin' });
    expect(router.state.location.pathname).toBe('/signin');
  });
});
