/**
 * The Create Room dialog (spec §2 Create Room flow), opened from the side navigation. Step 1: the name
 * (counter n/25 and the availability line), an optional description and an optional icon; 'Save &
 * Next' is enabled only when the chart allows it (name valid and available, no image being prepared).
 * Step 2: 'Open For All' or 'Only You can add people', Back, and Create. The chart shows the toasts,
 * refreshes the side navigation and goes to the new room; the dialog closes when the chart ends.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ROOM_FORMS } from '../../../domain/messages.ts';
import { ROOM_DESC_MAX } from '../../../domain/roomValidation.ts';
import type { createRoomMachine } from '../../../machines/createRoom.machine.ts';
import { roomNameStatus } from '../../../machines/roomName.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { CreateForm, FormActions, SubmitButton, TextField } from '../../pages/create/formParts.tsx';
import { theme } from '../../theme.ts';
import { secondaryButton } from '../ui.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { PrivacyChoice } from './PrivacyChoice.tsx';
import { RoomIconPicker } from './RoomIconPicker.tsx';
import { RoomNameField } from './RoomNameField.tsx';
import { useRoomDialogMachines } from './roomDialogMachines.ts';

export function CreateRoomDialog({ onClose }: { onClose(): void }) {
  const { createRoom } = useRoomDialogMachines();
  const actor = useScreenActor(createRoom);
  const step = useSelector(actor, (s) => (s.matches('details') ? 'details' : 'privacy'));
  const canClose = useSelector(actor, (s) => s.can({ type: 'dialog.close' }));
  const finished = useSelector(actor, (s) => s.status === 'done');
  const id = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // the chart ended (created, or closed): the dialog goes away once
  useEffect(() => {
    if (finished) closeRef.current();
  }, [finished]);

  return (
    <DialogFrame
      title={ROOM_FORMS.createTitle}
      subtitle={step === 'details' ? 'Step 1 of 2: details' : 'Step 2 of 2: privacy'}
      canClose={canClose}
      onClose={() => actor.send({ type: 'dialog.close' })}
    >
      {step === 'details' ? <DetailsStep id={id} actor={actor} /> : <PrivacyStep id={id} actor={actor} />}
    </DialogFrame>
  );
}

type CreateRoomActor = ActorRefFrom<typeof createRoomMachine>;

function DetailsStep({ id, actor }: { id: string; actor: CreateRoomActor }) {
  const name = useSelector(actor, (s) => s.context.name);
  const check = useSelector(actor, (s) => s.context.nameCheck);
  const status = useSelector(actor, roomNameStatus);
  const desc = useSelector(actor, (s) => s.context.desc);
  const image = useSelector(actor, (s) => s.context.image);
  const imageError = useSelector(actor, (s) => s.context.imageError);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canGoOn = useSelector(actor, (s) => s.can({ type: 'details.next' }));

  // back from the privacy step: keyboard focus returns to the name
  useEffect(() => {
    document.getElementById(`${id}-name`)?.focus();
  }, [id]);

  return (
    <CreateForm label="Room details" onSubmit={() => actor.send({ type: 'details.next' })}>
      <RoomNameField
        id={`${id}-name`}
        name={name}
        status={status}
        check={check}
        disabled={false}
        onChange={(value) => actor.send({ type: 'name.change', value })}
      />
      <TextField
        id={`${id}-desc`}
        label="Description (optional)"
        value={desc}
        limit={ROOM_DESC_MAX}
        rows={3}
        error={undefined}
        disabled={false}
        placeholder="What is this room about?"
        onChange={(value) => actor.send({ type: 'desc.change', value })}
      />
      <RoomIconPicker
        id={`${id}-icon`}
        image={image}
        busy={busy}
        error={imageError}
        onChoose={(file) => actor.send({ type: 'icon.choose', file })}
        onRemove={() => actor.send({ type: 'icon.remove' })}
      />
      <FormActions>
        <button type="button" css={secondaryButton} onClick={() => actor.send({ type: 'dialog.close' })}>
          Cancel
        </button>
        <SubmitButton busy={false} allowed={canGoOn}>
          {ROOM_FORMS.saveAndNext}
        </SubmitButton>
      </FormActions>
    </CreateForm>
  );
}

function PrivacyStep({ id, actor }: { id: string; actor: CreateRoomActor }) {
  const privateRoom = useSelector(actor, (s) => s.context.privateRoom);
  const name = useSelector(actor, (s) => s.context.name.trim());
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canCreate = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const firstChoice = useRef<HTMLDivElement>(null);

  // the step replaced the details: keyboard focus moves to the chosen privacy
  useEffect(() => {
    firstChoice.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, []);

  return (
    <CreateForm label="Room privacy" onSubmit={() => actor.send({ type: 'form.submit' })}>
      <p
        css={css`
          margin: 0;
          font-weight: 600;
          overflow-wrap: anywhere;
          color: ${theme.color.muted};
        `}
      >
        q/{name}
      </p>
      <div ref={firstChoice}>
        <PrivacyChoice
          name={`${id}-privacy`}
          privateRoom={privateRoom}
          disabled={busy}
          onChoose={(value) => actor.send({ type: 'privacy.choose', privateRoom: value })}
        />
      </div>
      <FormActions>
        <button
          type="button"
          css={secondaryButton}
          disabled={busy}
          onClick={() => actor.send({ type: 'privacy.back' })}
        >
          {ROOM_FORMS.back}
        </button>
        <SubmitButton busy={busy} allowed={canCreate}>
          {ROOM_FORMS.create}
        </SubmitButton>
      </FormActions>
    </CreateForm>
  );
}
