import { screen, waitFor, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM_FORMS, ROOMS } from '../../../src/domain/messages.ts';
import { CREATING_ROOM_NOTICE_ID } from '../../../src/machines/createRoom.machine.ts';
import { SideNav } from '../../../src/views/layout/SideNav.tsx';
import { fakeRoomServices, renderWithRooms } from './roomDialogFakes.tsx';

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

async function openDialog(services = fakeRoomServices()) {
  const onClose = vi.fn();
  const rendered = await renderWithRooms(
    <SideNav id="nav" open={false} onClose={onClose} toggleRef={createRef()} />,
    { services },
  );
  // The rooms section loads once signed in, and the dialog's code when it is first opened.
  await rendered.user.click(await screen.findByRole('button', { name: ROOM_FORMS.createRoom }));
  const dialog = await screen.findByRole('dialog', { name: ROOM_FORMS.createTitle });
  return { ...rendered, dialog, onClose };
}

const nameBox = () => screen.getByRole('textbox', { name: /^Name/ });
const nextButton = () => screen.getByRole('button', { name: ROOM_FORMS.saveAndNext });

describe('the Create Room dialog', () => {
  it('creates a private room: name available, Save & Next, privacy, Create → toast and the new room', async () => {
    const { user, services, onClose } = await openDialog();
    expect(onClose).toHaveBeenCalled(); // the mobile drawer closes behind the dialog
    expect(nextButton()).toHaveProperty('disabled', true);
    await user.type(nameBox(), 'quad');
    expect(screen.getByText('4/25')).toBeTruthy();
    expect(await screen.findByText(ROOMS.available)).toBeTruthy();
    expect(services.checkRoomName).toHaveBeenCalledTimes(1);
    expect(services.checkRoomName).toHaveBeenCalledWith('quad');
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
    expect(services.createRoom).toHaveBeenCalledWith({
      title: 'quad',
      desc: 'Our study room',
      privateRoom: true,
      image: null,
    });
    expect(services.notices).toEqual([
      { kind: 'loading', text: ROOM_FORMS.creating, id: CREATING_ROOM_NOTICE_ID },
      { kind: 'success', text: ROOMS.created, id: CREATING_ROOM_NOTICE_ID },
    ]);
    expect(services.navigations).toEqual([{ to: '/room/u1/quad' }]);
    expect(services.roomsChanged).toHaveBeenCalledTimes(1);
  });

  it('keeps Save & Next disabled for a short name, a name with spaces and a taken one', async () => {
    const { user, services } = await openDialog(fakeRoomServices({ taken: ['taken'] }));
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
    expect(services.checkRoomName.mock.calls).toEqual([['taken']]);
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

  it('tells the server’s message when creating fails and stays on the privacy step', async () => {
    const services = fakeRoomServices();
    services.createRoom.mockRejectedValueOnce({ status: 500, message: 'Server exploded' });
    const { user } = await openDialog(services);
    await user.type(nameBox(), 'quad');
    await screen.findByText(ROOMS.available);
    await user.click(nextButton());
    await user.click(screen.getByRole('button', { name: ROOM_FORMS.create }));
    await waitFor(() =>
      expect(services.notices.at(-1)).toEqual({
        kind: 'error',
        text: 'Server exploded',
        id: CREATING_ROOM_NOTICE_ID,
      }),
    );
    expect(screen.getByRole('button', { name: ROOM_FORMS.create })).toHaveProperty('disabled', false);
    expect(services.navigations).toEqual([]);
  });

  it('closes on Cancel without creating anything', async () => {
    const { user, services } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services.createRoom).not.toHaveBeenCalled();
  });
});
