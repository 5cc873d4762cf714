import { screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ROOM_FORMS, ROOMS } from '../../../src/domain/messages.ts';
import { SideNav } from '../../../src/views/layout/SideNav.tsx';
import { makeRoom } from '../../support/feedFakes.ts';
import { fakeRoomServices, renderWithRooms } from './roomDialogFakes.tsx';

const lists = {
  mine: [makeRoom('chess_club', { img: '/uploads/rooms/chess.webp' }), makeRoom('quad', { CreatorId: 'u9' })],
  publicNotJoined: [makeRoom('open_mic', { CreatorId: 'u7' })],
};

async function renderNav(options: { signedIn?: boolean; lists?: typeof lists } = {}) {
  const onClose = vi.fn();
  const services = fakeRoomServices({ lists: options.lists ?? lists });
  const rendered = await renderWithRooms(
    <SideNav id="nav" open onClose={onClose} toggleRef={createRef()} />,
    { services, signedIn: options.signedIn },
  );
  // The rooms section's code loads once the user is signed in.
  if (options.signedIn !== false) await screen.findByRole('button', { name: ROOM_FORMS.myRooms });
  return { ...rendered, onClose };
}

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
    expect(within(mine.list).getByRole('button', { name: ROOM_FORMS.createRoom })).toBeTruthy();

    const open = section(ROOM_FORMS.publicRooms);
    expect(within(open.list).getByRole('link', { name: 'q/open_mic' }).getAttribute('href')).toBe(
      '/room/u7/open_mic',
    );
  });

  it('reads "Room not available!" when a list is empty', async () => {
    await renderNav({ lists: { mine: [], publicNotJoined: [] } });
    await waitFor(() => expect(screen.getAllByText(ROOMS.empty)).toHaveLength(2));
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

  it('closes the mobile drawer when a room is chosen', async () => {
    const { user, onClose, router } = await renderNav();
    await user.click(await screen.findByRole('link', { name: 'q/open_mic' }));
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/room/u7/open_mic');
  });

  it('shows no rooms to visitors, and loads none for them', async () => {
    const { services } = await renderNav({ signedIn: false });
    expect(screen.getByRole('link', { name: /About/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ROOM_FORMS.myRooms })).toBeNull();
    expect(screen.queryByRole('button', { name: ROOM_FORMS.publicRooms })).toBeNull();
    expect(services.loadRooms).not.toHaveBeenCalled();
  });

  it('loads the signed-in user’s rooms', async () => {
    const { services } = await renderNav();
    await screen.findByRole('link', { name: 'q/chess_club' });
    expect(services.loadRooms).toHaveBeenCalledWith('u1');
  });
});
