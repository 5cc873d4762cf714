import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOPICS } from '../../../src/domain/constants.ts';
import { SCREENS } from '../../../src/domain/messages.ts';
import { renderApp } from '../support/shell.tsx';

const skeletonRoutes = [
  '/',
  '/popular',
  '/create/post',
  '/create/poll',
  '/u/quiet_otter/overview',
  '/u/quiet_otter/posts',
  '/u/quiet_otter/upvoted',
  '/u/quiet_otter/commented',
  '/post/p1',
  '/post/r1/p1',
  '/poll/p1',
  ...TOPICS.map((topic) => `/q/${topic}`),
  '/room/c1/chess',
  '/setting/',
  '/about/',
];

describe('route table', () => {
  it.each(skeletonRoutes)('%s shows its skeleton inside the shell', async (path) => {
    const { container } = renderApp(path);
    await waitFor(() => expect(container.querySelector('main [aria-busy="true"]')).not.toBeNull());
    // The shell's top bar (a page may have a header of its own inside main).
    expect(container.querySelector('button[aria-label="Open navigation"]')).not.toBeNull();
    expect(screen.getByRole('navigation', { name: 'Primary' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: SCREENS.notFoundTitle })).toBeNull();
  });

  // The bare /poll has nothing to load: once its code is in, it shows the empty poll view at once.
  it('/poll shows the empty poll view inside the shell', async () => {
    renderApp('/poll');
    expect(await screen.findByRole('heading', { name: 'No poll here' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Primary' })).toBeTruthy();
  });

  it('sends the bare create route to the post tab', async () => {
    const { router } = renderApp('/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/post'));
  });

  it('sends a bare profile to its overview tab', async () => {
    const { router } = renderApp('/u/quiet_otter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/quiet_otter/overview'));
  });

  it('shows every skeleton on the test view', async () => {
    renderApp('/test/');
    expect(await screen.findByRole('heading', { name: 'Skeleton test view' })).toBeTruthy();
    for (const name of ['Post card', 'Poll card', 'Comment rows', 'Profile header', 'List rows']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
  });

  it('lists the six hot topics in the right column', async () => {
    renderApp('/');
    // The column is hidden below 1200 px, the width of the test window.
    const heading = await screen.findByRole('heading', { name: 'HOT-TOPICS', hidden: true });
    const column = heading.closest('aside');
    if (!column) throw new Error('HOT-TOPICS is not in an aside');
    const links = within(column).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(TOPICS.map((topic) => `/q/${topic}`));
    expect(links.map((link) => link.textContent)).toEqual(TOPICS.map((topic) => `q/${topic}`));
  });
});
