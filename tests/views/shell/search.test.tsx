import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEARCH } from '../../../src/domain/messages.ts';
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
  const box = await screen.findByRole('combobox', { name: 'Search people and rooms' });
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
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(person?.id);
    expect(person?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(room?.id);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(person?.id);
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
      screen.getByRole('combobox', { name: 'Search people and rooms' }),
    );
  });

  it('closes the list when the address changes', async () => {
    const { router } = await searchFor('che', true);
    await act(() => router.navigate('/'));
    await waitFor(() => expect(resultList()).toBeNull());
  });
});
