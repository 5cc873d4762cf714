import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM_FORMS, ROOMS } from '../../../src/domain/messages.ts';
import { CREATING_ROOM_NOTICE_ID } from '../../../src/machines/createRoom.machine.ts';
import { makeRoom } from '../../support/feedFakes.ts';
import { testUser } from '../support/shell.tsx';
import { type RoomAnswers, refusal, renderRooms } from './roomAnswers.ts';

const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

// `hidden`: while the modal dialog is open the page behind it is hidden from assistive technology.
const nav = () => screen.getByRole('navigation', { name: 'Primary', hidden: true });
/** The top bar's drawer toggle (shown on narrow screens only, so found by its label). */
const drawerToggle = () => screen.getByLabelText(/^(Open|Close) navigation$/);

/** The app on the About page (it fetches nothing) with the Create Room dialog opened from the open drawer. */
async function openDialog(answers: RoomAnswers = {}) {
  const view = await renderRooms('/about/', answers);
  await view.user.click(drawerToggle());
  // The rooms section loads once signed in, and the dialog's code when it is first opened.
  await view.user.click(await within(nav()).findByRole('button', { name: ROOM_FORMS.createRoom }));
  const dialog = await screen.findByRole('dialog', { name: ROOM_FORMS.createTitle });
  view.platform.notify.mockClear(); // the session's restore toast
  return { ...view, dialog };
}

const nameBox = () => screen.getByRole('textbox', { name: /^Name/ });
const nextButton = () => screen.getByRole('button', { name: ROOM_FORMS.saveAndNext });
const myRooms = () => {
  const toggle = screen.getByRole('button', { name: ROOM_FORMS.myRooms });
  const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('no My Rooms list');
  return within(list);
};

describe('the Create Room dialog', () => {
  it('creates a private room: name available, Save & Next, privacy, Create → toast and the new room', async () => {
    const { user, api, platform, router } = await openDialog({
      lists: [
        { mine: [], publicNotJoined: [] },
        { mine: [makeRoom('quad', { privateRoom: true })], publicNotJoined: [] },
      ],
    });
    // the mobile drawer closes behind the dialog
    expect(nav().getAttribute('data-open')).toBe('false');
    expect(nextButton()).toHaveProperty('disabled', true);
    await user.type(nameBox(), 'quad');
    expect(screen.getByText('4/25')).toBeTruthy();
    expect(await screen.findByText(ROOMS.available)).toBeTruthy();
    expect(api.checkRoomName).toHaveBeenCalledExactlyOnceWith('quad');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Our study room');
    await user.click(nextButton());

    expect(screen.getByText('q/quad')).toBeTruthy();
    const open = screen.getByRole('radio', { name: new RegExp(ROOMS.openForAll) });
    const onlyYou = screen.getByRole('radio', { name: new RegExp(ROOMS.onlyYou) });
    expect(open).toHaveProperty('checked', true);
    await user.click(onlyYou);
    expect(onlyYou).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: ROOM_FORMS.create }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.createRoom).toHaveBeenCalledExactlyOnceWith({
      title: 'quad',
      desc: 'Our study room',
      privateRoom: true,
      image: null,
    });
    expect(platform.notify.mock.calls.map(([notice]) => notice)).toEqual([
      { kind: 'loading', text: ROOM_FORMS.creating, id: CREATING_ROOM_NOTICE_ID },
      { kind: 'success', text: ROOMS.created, id: CREATING_ROOM_NOTICE_ID },
    ]);
    expect(platform.navigate.mock.calls).toEqual([[{ to: `/room/${testUser.userID}/quad` }]]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/room/${testUser.userID}/quad`));
    expect(await screen.findByRole('heading', { name: 'q/quad', level: 1 })).toBeTruthy();
    // the side navigation loads its lists again: the new room is in My Rooms
    expect(await myRooms().findByRole('link', { name: 'q/quad' })).toBeTruthy();
    expect(api.fetchSideRooms).toHaveBeenCalledTimes(2);
  });

  it('keeps Save & Next disabled for a short name, a name with spaces and a taken one', async () => {
    const { user, api } = await openDialog({ taken: ['taken'] });
    await user.type(nameBox(), 'ab');
    expect(screen.getByText(ROOMS.nameShort)).toBeTruthy();
    expect(nextButton()).toHaveProperty('disabled', true);
    await user.type(nameBox(), ' c');
    expect(screen.getByText(ROOMS.nameSpaces)).toBeTruthy();
    expect(nextButton()).toHaveProperty('disabled', true);
    await user.clear(nameBox());
    await user.type(nameBox(), 'taken');
    expect(await screen.findByText(ROOMS.notAvailable('taken'))).toBeTruthy();
    expect(nextButton()).toHaveProperty('disabled', true);
    expect(api.checkRoomName.mock.calls).toEqual([['taken']]);
  });

  it('stops the name at 25 characters', async () => {
    const { user } = await openDialog();
    await user.type(nameBox(), 'x'.repeat(30));
    expect(nameBox()).toHaveProperty('value', 'x'.repeat(25));
    expect(screen.getByText('25/25')).toBeTruthy();
  });

  it('goes Back to the details with the values kept, and previews the chosen icon', async () => {
    const { user, dialog } = await openDialog();
    await user.type(nameBox(), 'quad');
    await screen.findByText(ROOMS.available);
    const file = new File([new Uint8Array(32)], 'icon.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Upload icon'), file);
    expect(await screen.findByAltText('Preview of icon.png')).toBeTruthy();
    await user.click(nextButton());
    await user.click(screen.getByRole('radio', { name: new RegExp(ROOMS.onlyYou) }));
    await user.click(screen.getByRole('button', { name: ROOM_FORMS.back }));
    expect(nameBox()).toHaveProperty('value', 'quad');
    expect(screen.getByText(ROOMS.available)).toBeTruthy();
    expect(screen.getByAltText('Preview of icon.png')).toBeTruthy();
    await user.click(nextButton());
    expect(screen.getByRole('radio', { name: new RegExp(ROOMS.onlyYou) })).toHaveProperty('checked', true);
  });

  it('sends the chosen icon, prepared for upload, with the room', async () => {
    const { user, api, platform, dialog } = await openDialog();
    await user.type(nameBox(), 'quad');
    await screen.findByText(ROOMS.available);
    const file = new File([new Uint8Array(32)], 'icon.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Upload icon'), file);
    await screen.findByAltText('Preview of icon.png');
    await user.click(nextButton());
    await user.click(screen.getByRole('button', { name: ROOM_FORMS.create }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(platform.prepareImage).toHaveBeenCalledWith(file);
    expect(api.createRoom).toHaveBeenCalledExactlyOnceWith({
      title: 'quad',
      desc: '',
      privateRoom: false,
      image: file,
    });
  });

  it('tells the server’s message when creating fails and stays on the privacy step', async () => {
    const { user, api, platform } = await openDialog();
    api.createRoom.mockRejectedValueOnce(refusal(500, 'Server exploded'));
    await user.type(nameBox(), 'quad');
    await screen.findByText(ROOMS.available);
    await user.click(nextButton());
    await user.click(screen.getByRole('button', { name: ROOM_FORMS.create }));
    await waitFor(() =>
      expect(platform.notify).toHaveBeenLastCalledWith({
        kind: 'error',
        text: 'Server exploded',
        id: CREATING_ROOM_NOTICE_ID,
      }),
    );
    expect(screen.getByRole('button', { name: ROOM_FORMS.create })).toHaveProperty('disabled', false);
    expect(platform.navigate).not.toHaveBeenCalled();
    expect(api.fetchSideRooms).toHaveBeenCalledTimes(1);
  });

  it('closes on Cancel without creating anything', async () => {
    const { user, api } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.createRoom).not.toHaveBeenCalled();
  });
});
