/**
 * The owner's rename dialog (the room menu's 'Title' item): the name field with the same rules and
 * availability check as Create Room, starting with the current title. On success the chart tells the
 * room page (`page`) and goes to the room's new address, and the dialog closes.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { AnyActorRef } from 'xstate';
import type { Room } from '../../../domain/entities.ts';
import { ROOM_FORMS } from '../../../domain/messages.ts';
import { roomNameStatus } from '../../../machines/roomName.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { CreateForm, FormActions, SubmitButton } from '../../pages/create/formParts.tsx';
import { secondaryButton } from '../ui.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { RoomNameField } from './RoomNameField.tsx';
import { useRoomDialogMachines } from './roomDialogMachines.ts';

interface RenameRoomDialogProps {
  room: Room;
  /** The room page's actor, told the room's new title. */
  page: AnyActorRef;
  onClose(): void;
}

export function RenameRoomDialog({ room, page, onClose }: RenameRoomDialogProps) {
  const { renameRoom } = useRoomDialogMachines();
  const actor = useScreenActor(renameRoom, { input: { room, page } });
  const name = useSelector(actor, (s) => s.context.name);
  const check = useSelector(actor, (s) => s.context.nameCheck);
  const status = useSelector(actor, roomNameStatus);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const canClose = useSelector(actor, (s) => s.can({ type: 'dialog.close' }));
  const finished = useSelector(actor, (s) => s.status === 'done');
  const id = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // the chart ended (renamed, or closed): the dialog goes away once
  useEffect(() => {
    if (finished) closeRef.current();
  }, [finished]);

  const close = () => actor.send({ type: 'dialog.close' });

  return (
    <DialogFrame
      title={ROOM_FORMS.renameTitle}
      subtitle={`q/${room.title}`}
      canClose={canClose}
      onClose={close}
    >
      <CreateForm label={ROOM_FORMS.renameTitle} onSubmit={() => actor.send({ type: 'form.submit' })}>
        <RoomNameField
          id={`${id}-name`}
          name={name}
          status={status}
          check={check}
          disabled={busy}
          onChange={(value) => actor.send({ type: 'name.change', value })}
        />
        <FormActions>
          <button type="button" css={secondaryButton} disabled={!canClose} onClick={close}>
            Cancel
          </button>
          <SubmitButton busy={busy} allowed={canSave}>
            Save
          </SubmitButton>
        </FormActions>
      </CreateForm>
    </DialogFrame>
  );
}
