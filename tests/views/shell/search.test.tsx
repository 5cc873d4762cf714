import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEARCH } from '../../../src/domain/messages.ts';
import { renderApp, testUser } from '../support/shell.tsx';

const results = {
  users: [{ username: 'chess_fan', dp: null }],
  rooms: [{ title: 'chess', CreatorId: 'u7', img: null }],
};

async function searchFor(text: string, signedIn: boolean) {
  // The About page fetches nothing, so only the search box talks to the (fake) API.
  const view = renderApp('/about/', {
    user: signedIn ? testUser : null,
    calls: { search: async () => results },
  });
  const box = await screen.findByRole('combobox', { name: 'Search people and rooms' });
  await view.user.click(box);
  await view.user.type(box, text);
  const dropdown = screen.getByRole('region', { name: 'Search results' });
  await within(dropdown).findByRole('button', { name: 'u/chess_fan' });
  return { ...view, box, dropdown };
}

describe('search box', () => {
  it('searches once typing stops and lists people and rooms', async () => {
    const { api, dropdown } = await searchFor('che', true);
    expect(api.search).toHaveBeenCalledExactlyOnceWith('che');
    expect(within(dropdown).getByRole('heading', { name: SEARCH.people })).toBeTruthy();
    expect(within(dropdown).getByRole('button', { name: 'q/chess' })).toBeTruthy();
  });

  it('choosing a result goes there, closes and clears the box', async () => {
    const { user, dropdown, box, platform, router } = await searchFor('che', true);
    await user.click(within(dropdown).getByRole('button', { name: 'q/chess' }));
    expect(platform.navigate).toHaveBeenCalledWith({ to: '/room/u7/chess' });
    expect(router.state.location.pathname).toBe('/room/u7/chess');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Search results' })).toBeNull());
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('asks visitors to sign in before opening a result', async () => {
    const { user, dropdown, platform } = await searchFor('che', false);
    await user.click(within(dropdown).getByRole('button', { name: 'u/chess_fan' }));
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'error', text: SEARCH.signInFirst });
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it('closes the dropdown on a click outside', async () => {
    const { user } = await searchFor('che', true);
    await user.click(document.body);
    expect(screen.queryByRole('region', { name: 'Search results' })).toBeNull();
  });
});
