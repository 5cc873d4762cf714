import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEARCH } from '../../../src/domain/messages.ts';
import { makePoll, makePost } from '../../support/feedFakes.ts';
import { makeProfileComment } from '../../support/profileFakes.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const results = {
  users: [{ username: 'chess_fan', dp: null }],
  rooms: [{ title: 'chess', CreatorId: 'u7', img: null }],
};

const resultList = () => screen.queryByRole('listbox', { name: 'Search results' });

async function searchFor(text: string, signedIn: boolean) {
  // The About page fetches nothing, so only the search box talks to the (fake) API.
  const view = renderApp('/about/', {
    user: signedIn ? testUser : null,
    calls: { search: async () => results },
  });
  const box = await screen.findByRole('combobox', { name: 'Search people, rooms and posts' });
  await view.user.click(box);
  await view.user.type(box, text);
  const list = await screen.findByRole('listbox', { name: 'Search results' });
  await within(list).findByRole('option', { name: 'u/chess_fan' });
  return { ...view, box, list };
}

describe('search box', () => {
  it('searches once typing stops and lists people and rooms', async () => {
    const { api, list, box } = await searchFor('che', true);
    expect(api.search).toHaveBeenCalledExactlyOnceWith('che');
    expect(within(list).getByRole('group', { name: SEARCH.people })).toBeTruthy();
    const rooms = within(list).getByRole('group', { name: SEARCH.rooms });
    expect(within(rooms).getByRole('option', { name: 'q/chess' })).toBeTruthy();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
  });

  it('choosing a result goes there, closes and clears the box', async () => {
    const { user, list, box, platform, router } = await searchFor('che', true);
    await user.click(within(list).getByRole('option', { name: 'q/chess' }));
    expect(platform.navigate).toHaveBeenCalledWith({ to: '/room/u7/chess' });
    expect(router.state.location.pathname).toBe('/room/u7/chess');
    await waitFor(() => expect(resultList()).toBeNull());
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('moves through the results with the arrow keys, focus staying in the box, and opens one with Enter', async () => {
    const { user, list, box, router } = await searchFor('che', true);
    const [person, room] = within(list).getAllByRole('option');
    const all = within(list).getByRole('option', { name: SEARCH.seeAll('che') });
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(person?.id);
    expect(person?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(room?.id);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(all.id);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(person?.id);
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(room?.id);
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/room/u7/chess');
  });

  it('asks visitors to sign in before opening a result', async () => {
    const { user, list, platform } = await searchFor('che', false);
    await user.click(within(list).getByRole('option', { name: 'u/chess_fan' }));
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: SEARCH.signInFirst });
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it('closes the list on a click outside', async () => {
    const { user } = await searchFor('che', true);
    await user.click(document.body);
    expect(resultList()).toBeNull();
  });

  it('closes the list on Escape, keeping the text and the focus in the box', async () => {
    const { user, box } = await searchFor('che', true);
    await user.keyboard('{Escape}');
    expect(resultList()).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('che');
    expect(document.activeElement).toBe(box);
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox', { name: 'Search results' })).toBeTruthy();
  });

  it('closes the list when focus leaves the box', async () => {
    const { user } = await searchFor('che', true);
    await user.tab();
    expect(resultList()).toBeNull();
    expect(document.activeElement).not.toBe(
      screen.getByRole('combobox', { name: 'Search people, rooms and posts' }),
    );
  });

  it('closes the list when the address changes', async () => {
    const { router } = await searchFor('che', true);
    await act(() => router.navigate('/'));
    await waitFor(() => expect(resultList()).toBeNull());
  });
});

describe('searching posts and the search page', () => {
  const post = makePost('p1', { title: 'Chess club timings' });
  const poll = makePoll('q1', { title: 'Chess or checkers?' });
  const comment = makeProfileComment('c1', { body: 'Chess club meets at five' });

  it('lists the posts and polls found under Posts, and opens one', async () => {
    const view = renderApp('/about/', {
      user: testUser,
      calls: { search: async () => results, searchPosts: async () => [post, poll] },
    });
    const box = await screen.findByRole('combobox', { name: SEARCH.box });
    await view.user.click(box);
    await view.user.type(box, 'chess');
    const posts = await screen.findByRole('group', { name: SEARCH.posts });
    expect(view.api.searchPosts).toHaveBeenCalledWith({ key: 'chess', page: 0, limit: 5 });
    expect(within(posts).getByRole('option', { name: 'Poll Chess or checkers?' })).toBeTruthy();
    await view.user.click(within(posts).getByRole('option', { name: 'Post Chess club timings' }));
    expect(view.router.state.location.pathname).toBe('/post/p1');
  });

  it('opens the search page on Enter, for visitors too, with a tab for each kind, 10 a page', async () => {
    const view = renderApp('/about/', {
      user: null,
      calls: {
        search: async () => results,
        searchNames: async () => results,
        searchPosts: async () => [post, poll],
        searchComments: async () => [comment],
      },
    });
    const box = await screen.findByRole('combobox', { name: SEARCH.box });
    await view.user.click(box);
    await view.user.type(box, 'chess{Enter}');
    expect(view.router.state.location.search).toBe('?q=chess');
    expect((box as HTMLInputElement).value).toBe('chess');
    expect(await screen.findByRole('heading', { level: 1, name: SEARCH.pageTitle('chess') })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${SEARCH.pageTitle('chess')} · Quad`));
    const tabs = screen.getByRole('navigation', { name: 'Search tabs' });
    expect(within(tabs).getByRole('link', { name: SEARCH.posts }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('link', { name: 'Chess club timings' })).toBeTruthy();
    // The dropdown's own lookup (5 a kind) may land after the page's, as its debounce runs on.
    expect(view.api.searchPosts).toHaveBeenCalledWith({ key: 'chess', page: 0, limit: 10 });

    await view.user.click(within(tabs).getByRole('link', { name: SEARCH.people }));
    expect(await screen.findByRole('link', { name: 'u/chess_fan' })).toBeTruthy();
    await view.user.click(within(tabs).getByRole('link', { name: SEARCH.rooms }));
    expect(await screen.findByRole('link', { name: 'q/chess' })).toBeTruthy();
    expect(view.api.searchNames).toHaveBeenCalledWith({ key: 'chess', page: 0, limit: 10 });
    await view.user.click(within(tabs).getByRole('link', { name: SEARCH.comments }));
    expect(await screen.findByText('Chess club meets at five')).toBeTruthy();
  });

  it('opens the search page from "See all results", for visitors too', async () => {
    const view = renderApp('/about/', { user: null, calls: { search: async () => results } });
    const box = await screen.findByRole('combobox', { name: SEARCH.box });
    await view.user.click(box);
    await view.user.type(box, 'chess');
    await view.user.click(await screen.findByRole('option', { name: SEARCH.seeAll('chess') }));
    expect(view.router.state.location.search).toBe('?q=chess');
    expect(view.platform.notify).not.toHaveBeenCalled();
  });

  it('says what to do on the search page without a text, and submits nothing blank', async () => {
    const view = renderApp('/search', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeTruthy();
    expect(screen.getByText(SEARCH.noKey)).toBeTruthy();
    const box = screen.getByRole('combobox', { name: SEARCH.box });
    await view.user.click(box);
    await view.user.type(box, '   {Enter}');
    expect(view.router.state.location.search).toBe('');
  });
});
