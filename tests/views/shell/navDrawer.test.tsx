import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOPICS } from '../../../src/domain/constants.ts';
import { ROOM_FORMS } from '../../../src/domain/messages.ts';
import { makeRoom } from '../../support/feedFakes.ts';
import { renderRooms } from '../rooms/roomAnswers.ts';
import { testUser } from '../support/shell.tsx';

/** happy-dom applies the stylesheet's media queries to its viewport: a phone's here. */
const { happyDOM } = window as unknown as {
  happyDOM: { setViewport(size: { width: number; height: number }): void };
};
beforeEach(() => happyDOM.setViewport({ width: 375, height: 812 }));
afterEach(() => happyDOM.setViewport({ width: 1024, height: 768 }));

const lists = {
  mine: [makeRoom('chess_club')],
  publicNotJoined: [makeRoom('open_mic', { CreatorId: 'u7' })],
};

/** The app on the About page (it fetches nothing), the drawer closed. */
const renderPhone = (signedIn: boolean) => renderRooms('/about/', { lists: [lists] }, { signedIn });

const toggle = () => screen.getByRole('button', { name: /^(Open|Close) navigation$/ });
/** The element the toggle controls, found while closed too (hidden then, it has no accessible name). */
const drawer = () => {
  const controlled = document.getElementById(toggle().getAttribute('aria-controls') ?? '');
  if (!controlled) throw new Error('the toggle controls no element');
  return controlled;
};
const linkNames = () =>
  within(drawer())
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());
const topicNames = TOPICS.map((topic) => `q/${topic}`);

describe('the navigation drawer at 375 px', () => {
  it('is toggled by a button that says whether it is open and which element it controls', async () => {
    const { user } = await renderPhone(false);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(drawer().tagName).toBe('NAV');
    expect(drawer().getAttribute('aria-label')).toBe('Primary');
    expect(within(drawer()).queryAllByRole('link')).toEqual([]);

    await user.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().getAttribute('aria-label')).toBe('Close navigation');
    expect(screen.getByRole('navigation', { name: 'Primary' })).toBe(drawer());
    expect(document.activeElement).toBe(within(drawer()).getByRole('link', { name: 'Home' }));
  });

  it('lists every route and the topics to a visitor, with Sign in and Sign up', async () => {
    const { user } = await renderPhone(false);
    await user.click(toggle());
    expect(linkNames()).toEqual(['Home', 'Popular', 'About', ...topicNames, 'Sign in', 'Sign up']);
    const href = (name: string) => within(drawer()).getByRole('link', { name }).getAttribute('href');
    expect([href('q/dsa'), href('Sign in'), href('Sign up')]).toEqual(['/q/dsa', '/signin', '/signup']);
  });

  it('lists the topics, the rooms joined and public, Create, Profile, Settings and About when signed in', async () => {
    const { user } = await renderPhone(true);
    await user.click(toggle());
    await within(drawer()).findByRole('link', { name: 'q/chess_club' });
    expect(linkNames()).toEqual([
      'Home',
      'Popular',
      'Create a post',
      ...topicNames,
      'q/chess_club',
      'q/open_mic',
      'Profile',
      'Settings',
      'About',
    ]);
    const href = (name: string) => within(drawer()).getByRole('link', { name }).getAttribute('href');
    expect(href('Create a post')).toBe('/create/post');
    expect(href('Profile')).toBe(`/u/${testUser.username}`);
    expect(href('Settings')).toBe('/setting/');
    expect(within(drawer()).getByRole('button', { name: ROOM_FORMS.createRoom })).toBeTruthy();
  });

  it('closes on choosing a topic, goes there and gives focus back to its toggle', async () => {
    const { user, router } = await renderPhone(false);
    await user.click(toggle());
    await user.click(within(drawer()).getByRole('link', { name: 'q/dsa' }));
    expect(router.state.location.pathname).toBe('/q/dsa');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(drawer().getAttribute('data-open')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('closes on choosing a room, and goes to the room', async () => {
    const { user, router } = await renderPhone(true);
    await user.click(toggle());
    await user.click(await within(drawer()).findByRole('link', { name: 'q/open_mic' }));
    expect(router.state.location.pathname).toBe('/room/u7/open_mic');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('closes on Escape and gives focus back to its toggle', async () => {
    const { user } = await renderPhone(false);
    await user.click(toggle());
    await user.tab();
    expect(document.activeElement).toBe(within(drawer()).getByRole('link', { name: 'Popular' }));
    await user.keyboard('{Escape}');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('closes when focus moves out of it, leaving focus where it went', async () => {
    const { user } = await renderPhone(false);
    const homeLink = screen.getByRole('link', { name: 'Quad home' });
    await user.click(toggle());
    act(() => homeLink.focus());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(homeLink);
  });

  it('closes when the address changes some other way, and stays closed on coming back', async () => {
    const { user, router } = await renderPhone(false);
    await user.click(toggle());
    await act(() => router.navigate('/popular'));
    // The shell moves on with the next screen, once its code has come.
    await waitFor(() => expect(toggle().getAttribute('aria-expanded')).toBe('false'));
    await act(() => router.navigate('/about/'));
    await screen.findByRole('heading', { level: 1, name: /About/ });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });
});
