import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROOM_FORMS, ROOM_PAGE, ROOMS } from '../../../src/domain/messages.ts';
import { RENAMING_ROOM_NOTICE_ID } from '../../../src/machines/renameRoom.machine.ts';
import { makeRoom } from '../../support/feedFakes.ts';
import { testUser } from '../support/shell.tsx';
import { type RoomAnswers, refusal, renderRooms, shown } from './roomAnswers.ts';

const room = makeRoom('quad', {
  CreatorId: testUser.userID,
  desc: 'Our room',
  _count: { posts: 3, polls: 1, members: 4 },
});

/** The owner's room page with the rename dialog opened from the room menu's Title item. */
async function openRename(answers: RoomAnswers = {}) {
  const view = await renderRooms(`/room/${testUser.userID}/quad`, { room: shown.joined(room), ...answers });
  await screen.findByRole('heading', { name: 'q/quad', level: 1 });
  await view.user.click(screen.getByRole('button', { name: 'Room menu' }));
  await view.user.click(await screen.findByRole('menuitem', { name: ROOM_PAGE.title }));
  const dialog = await screen.findByRole('dialog', { name: ROOM_FORMS.renameTitle });
  return { ...view, dialog };
}

const nameBox = () => screen.getByRole('textbox', { name: /^Name/ });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const myRooms = () => {
  // `hidden`: while the modal dialog is open the page behind it is hidden from assistive technology.
  const toggle = screen.getByRole('button', { name: ROOM_FORMS.myRooms, hidden: true });
  const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('no My Rooms list');
  return within(list);
};

describe('the rename dialog', () => {
  it('starts with the current title and keeps Save disabled until a new name is available', async () => {
    const { user, api, dialog } = await openRename();
    expect(within(dialog).getByText('q/quad')).toBeTruthy();
    expect(nameBox()).toHaveProperty('value', 'quad');
    expect(screen.getByText('4/25')).toBeTruthy();
    expect(screen.getByText(ROOM_FORMS.nameUnchanged)).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    await user.clear(nameBox());
    await user.type(nameBox(), 'a b');
    expect(screen.getByText(ROOMS.nameSpaces)).toBeTruthy();
    await user.clear(nameBox());
    await user.type(nameBox(), 'ab');
    expect(screen.getByText(ROOMS.nameShort)).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(api.checkRoomName).not.toHaveBeenCalled();
  });

  it('renames the room once the new name is available: the page, its address and My Rooms follow', async () => {
    const renamed = { ...room, title: 'quad2' };
    const { user, api, platform, router } = await openRename({
      lists: [
        { mine: [room], publicNotJoined: [] },
        { mine: [renamed], publicNotJoined: [] },
      ],
    });
    await myRooms().findByRole('link', { name: 'q/quad', hidden: true });
    await user.clear(nameBox());
    await user.type(nameBox(), 'quad2');
    expect(await screen.findByText(ROOMS.available)).toBeTruthy();
    expect(api.checkRoomName).toHaveBeenCalledExactlyOnceWith('quad2');
    await user.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.renameRoom).toHaveBeenCalledExactlyOnceWith('quad', 'quad2');
    expect(await screen.findByRole('heading', { name: 'q/quad2', level: 1 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${testUser.userID}/quad2`));
    expect(platform.navigate).toHaveBeenCalledExactlyOnceWith({
      to: `/room/${testUser.userID}/quad2`,
      replace: true,
    });
    // the renamed room is the same room: the page keeps it rather than loading it again
    expect(api.fetchRoom).toHaveBeenCalledTimes(1);
    expect(platform.notify).toHaveBeenLastCalledWith({
      kind: 'success',
      text: ROOMS.renamed,
      id: RENAMING_ROOM_NOTICE_ID,
    });
    expect(await myRooms().findByRole('link', { name: 'q/quad2' })).toBeTruthy();
    expect(api.fetchSideRooms).toHaveBeenCalledTimes(2);
  });

  it('says a taken name is not available, in the server’s words', async () => {
    const { user } = await openRename({ taken: ['taken_name'] });
    await user.clear(nameBox());
    await user.type(nameBox(), 'taken_name');
    expect(await screen.findByText(ROOMS.notAvailable('taken_name'))).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('tells the server’s message when renaming fails and stays open', async () => {
    const { user, api, platform, router } = await openRename();
    api.renameRoom.mockRejectedValueOnce(refusal(403, ROOMS.notOwner));
    await user.clear(nameBox());
    await user.type(nameBox(), 'quad2');
    await screen.findByText(ROOMS.available);
    await user.click(saveButton());
    await waitFor(() =>
      expect(platform.notify).toHaveBeenLastCalledWith({
        kind: 'error',
        text: ROOMS.notOwner,
        id: RENAMING_ROOM_NOTICE_ID,
      }),
    );
    expect(screen.getByRole('dialog', { name: ROOM_FORMS.renameTitle })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'q/quad', level: 1, hidden: true })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/room/${testUser.userID}/quad`);
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it('closes on Cancel without renaming', async () => {
    const { user, api } = await openRename();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.renameRoom).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'q/quad', level: 1 })).toBeTruthy();
  });
});
