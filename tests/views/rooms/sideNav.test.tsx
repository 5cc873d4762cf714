import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROOM_FORMS, ROOMS } from '../../../src/domain/messages.ts';
import type { SideRooms } from '../../../src/services/api/rooms.ts';
import { makeRoom } from '../../support/feedFakes.ts';
import { testUser } from '../support/shell.tsx';
import { renderRooms } from './roomAnswers.ts';

const lists: SideRooms = {
  mine: [makeRoom('chess_club', { img: '/uploads/rooms/chess.webp' }), makeRoom('quad', { CreatorId: 'u9' })],
  publicNotJoined: [makeRoom('open_mic', { CreatorId: 'u7' })],
};

/** The app on the About page (it fetches nothing), its side navigation showing these lists. */
async function renderNav(options: { signedIn?: boolean; lists?: SideRooms } = {}) {
  const view = await renderRooms('/about/', { lists: [options.lists ?? lists] }, options);
  // The rooms section's code loads once the user is signed in.
  if (options.signedIn !== false) await screen.findByRole('button', { name: ROOM_FORMS.myRooms });
  return view;
}

const nav = () => screen.getByRole('navigation', { name: 'Primary' });
/** The top bar's drawer toggle (shown on narrow screens only, so found by its label). */
const drawerToggle = () => screen.getByLabelText(/^(Open|Close) navigation$/);

const section = (name: string) => {
  const toggle = screen.getByRole('button', { name });
  const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error(`no list for ${name}`);
  return { toggle, list };
};

describe('the side navigation’s rooms', () => {
  it('lists My Rooms and Public Rooms with icons and q/ names leading to each room', async () => {
    await renderNav();
    const mine = section(ROOM_FORMS.myRooms);
    await within(mine.list).findByRole('link', { name: 'q/chess_club' });
    expect(within(mine.list).getByRole('link', { name: 'q/chess_club' }).getAttribute('href')).toBe(
      '/room/u1/chess_club',
    );
    expect(within(mine.list).getByRole('link', { name: 'q/quad' }).getAttribute('href')).toBe(
      '/room/u9/quad',
    );
    const icons = [...mine.list.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(icons).toEqual(['/uploads/rooms/chess.webp', '/room-default.svg']);
    expect(within(nav()).getByRole('button', { name: ROOM_FORMS.createRoom })).toBeTruthy();

    const open = section(ROOM_FORMS.publicRooms);
    expect(within(open.list).getByRole('link', { name: 'q/open_mic' }).getAttribute('href')).toBe(
      '/room/u7/open_mic',
    );
  });

  it('reads "Room not available!" when a list is empty', async () => {
    await renderNav({ lists: { mine: [], publicNotJoined: [] } });
    await waitFor(() => expect(within(nav()).getAllByText(ROOMS.empty)).toHaveLength(2));
  });

  it('collapses and expands each list with an aria-expanded button', async () => {
    const { user } = await renderNav();
    const mine = section(ROOM_FORMS.myRooms);
    await within(mine.list).findByRole('link', { name: 'q/chess_club' });
    expect(mine.toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(mine.toggle);
    expect(mine.toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'q/chess_club' })).toBeNull();
    expect(screen.getByRole('link', { name: 'q/open_mic' })).toBeTruthy();
    await user.click(mine.toggle);
    expect(screen.getByRole('link', { name: 'q/chess_club' })).toBeTruthy();
  });

  it('closes the mobile drawer when a room is chosen, and goes to the room', async () => {
    const { user, router } = await renderNav();
    await user.click(drawerToggle());
    expect(nav().getAttribute('data-open')).toBe('true');
    await user.click(await screen.findByRole('link', { name: 'q/open_mic' }));
    expect(nav().getAttribute('data-open')).toBe('false');
    expect(drawerToggle().getAttribute('aria-expanded')).toBe('false');
    expect(router.state.location.pathname).toBe('/room/u7/open_mic');
    expect(await screen.findByRole('heading', { name: 'q/open_mic', level: 1 })).toBeTruthy();
  });

  it('shows no rooms to visitors, and loads none for them', async () => {
    const { api } = await renderNav({ signedIn: false });
    expect(within(nav()).getByRole('link', { name: /About/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ROOM_FORMS.myRooms })).toBeNull();
    expect(screen.queryByRole('button', { name: ROOM_FORMS.publicRooms })).toBeNull();
    expect(api.fetchSideRooms).not.toHaveBeenCalled();
  });

  it('loads the signed-in user’s rooms, and forgets them when the user logs out', async () => {
    const { api, session } = await renderNav();
    await screen.findByRole('link', { name: 'q/chess_club' });
    expect(api.fetchSideRooms).toHaveBeenCalledExactlyOnceWith(testUser.userID);
    session.send({ type: 'session.end' });
    await waitFor(() => expect(screen.queryByRole('button', { name: ROOM_FORMS.myRooms })).toBeNull());
    expect(screen.queryByRole('link', { name: 'q/chess_club' })).toBeNull();
    expect(api.fetchSideRooms).toHaveBeenCalledTimes(1);
  });
});
