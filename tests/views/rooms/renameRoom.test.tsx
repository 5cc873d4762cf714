import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Room } from '../../../src/domain/entities.ts';
import { ROOM_FORMS, ROOMS } from '../../../src/domain/messages.ts';
import { RENAMING_ROOM_NOTICE_ID } from '../../../src/machines/renameRoom.machine.ts';
import { RenameRoomDialog } from '../../../src/views/components/rooms/RenameRoomDialog.tsx';
import { makeRoom } from '../../support/feedFakes.ts';
import { fakeRoomServices, renderWithRooms } from './roomDialogFakes.tsx';

const room = makeRoom('quad', { desc: 'Our room', _count: { posts: 3, polls: 1, members: 4 } });

/** The room page's use of the dialog: open until it closes, the renamed room recorded. */
function Host({ onRenamed }: { onRenamed: (updated: Room) => void }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <RenameRoomDialog room={room} onClose={() => setOpen(false)} onRenamed={onRenamed} />
  ) : (
    <p>Dialog closed</p>
  );
}

const nameBox = () => screen.getByRole('textbox', { name: /^Name/ });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('the rename dialog', () => {
  it('starts with the current title and keeps Save disabled until a new name is available', async () => {
    const { user, services } = await renderWithRooms(<Host onRenamed={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: ROOM_FORMS.renameTitle })).toBeTruthy();
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
    expect(services.checkRoomName).not.toHaveBeenCalled();
  });

  it('renames the room once the new name is available, hands the room over and closes', async () => {
    const onRenamed = vi.fn();
    const { user, services } = await renderWithRooms(<Host onRenamed={onRenamed} />);
    await user.clear(nameBox());
    await user.type(nameBox(), 'quad2');
    expect(await screen.findByText(ROOMS.available)).toBeTruthy();
    expect(services.checkRoomName).toHaveBeenCalledTimes(1);
    expect(services.checkRoomName).toHaveBeenCalledWith('quad2');
    await user.click(saveButton());
    expect(await screen.findByText('Dialog closed')).toBeTruthy();
    expect(services.renameRoom).toHaveBeenCalledWith({ title: 'quad', newTitle: 'quad2' });
    expect(onRenamed).toHaveBeenCalledWith(makeRoom('quad2'));
    expect(services.roomsChanged).toHaveBeenCalledTimes(1);
    expect(services.notices.at(-1)).toEqual({
      kind: 'success',
      text: ROOMS.renamed,
      id: RENAMING_ROOM_NOTICE_ID,
    });
  });

  it('says a taken name is not available, in the server’s words', async () => {
    const services = fakeRoomServices({ taken: ['taken_name'] });
    const { user } = await renderWithRooms(<Host onRenamed={vi.fn()} />, { services });
    await user.clear(nameBox());
    await user.type(nameBox(), 'taken_name');
    expect(await screen.findByText(ROOMS.notAvailable('taken_name'))).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('tells the server’s message when renaming fails and stays open', async () => {
    const services = fakeRoomServices();
    services.renameRoom.mockRejectedValueOnce({ status: 403, message: ROOMS.notOwner });
    const onRenamed = vi.fn();
    const { user } = await renderWithRooms(<Host onRenamed={onRenamed} />, { services });
    await user.clear(nameBox());
    await user.type(nameBox(), 'quad2');
    await screen.findByText(ROOMS.available);
    await user.click(saveButton());
    await waitFor(() =>
      expect(services.notices.at(-1)).toEqual({
        kind: 'error',
        text: ROOMS.notOwner,
        id: RENAMING_ROOM_NOTICE_ID,
      }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onRenamed).not.toHaveBeenCalled();
  });

  it('closes on Cancel without renaming', async () => {
    const { user, services } = await renderWithRooms(<Host onRenamed={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Dialog closed')).toBeTruthy();
    expect(services.renameRoom).not.toHaveBeenCalled();
  });
});
