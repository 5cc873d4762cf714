/**
 * Changing one image in a dialog (spec §2: the room's background and icon; the same flow suits the
 * profile's avatar and banner): choose an image file, see it prepared and previewed, then Save or
 * Cancel. Drives an imageChange chart (src/machines/imageChange.machine.ts) given by the caller with
 * its `upload` provided; the chart tells `owner` (the page's actor) what was saved. The dialog closes
 * once the chart is done (saved or cancelled).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { AnyActorRef } from 'xstate';
import type { ImageChangeInput, imageChangeMachine } from '../../machines/imageChange.machine.ts';
import { useScreenActor } from '../../system/hooks.ts';
import { CreateForm, FormActions, SubmitButton } from '../pages/create/formParts.tsx';
import { theme } from '../theme.ts';
import { ImageFileInput, usePreview } from './ImageFileInput.tsx';
import { DialogFrame } from './rooms/DialogFrame.tsx';
import { secondaryButton } from './ui.ts';

interface ImageChangeDialogProps {
  title: string;
  machine: typeof imageChangeMachine;
  input: ImageChangeInput;
  /** The image shown before another is chosen. */
  current: string | null;
  /** 'wide' for backgrounds and banners, 'round' for icons and avatars. */
  shape: 'wide' | 'round';
  /** The actor told what was saved. */
  owner: AnyActorRef;
  onClose: () => void;
}

export function ImageChangeDialog({
  title,
  machine,
  input,
  current,
  shape,
  owner,
  onClose,
}: ImageChangeDialogProps) {
  const actor = useScreenActor(machine, { input: { ...input, owner } });
  const file = useSelector(actor, (s) => s.context.file);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const uploading = useSelector(actor, (s) => s.matches('uploading'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'image.save' }));
  const finished = useSelector(actor, (s) => s.status === 'done');
  const preview = usePreview(file);
  const id = useId();
  const inputId = `${id}-file`;
  const errorId = `${id}-error`;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // the chart ended (saved or cancelled): the dialog goes away once
  useEffect(() => {
    if (finished) closeRef.current();
  }, [finished]);

  const cancel = () => actor.send({ type: 'image.cancel' });
  const shown = preview ?? current;

  return (
    <DialogFrame title={title} canClose={!uploading} onClose={cancel}>
      <CreateForm label={title} onSubmit={() => actor.send({ type: 'image.save' })}>
        <div
          css={css`
            display: grid;
            place-items: center;
            min-height: 140px;
            border: 1px dashed ${theme.color.border};
            border-radius: ${theme.radius.md};
            background: ${theme.color.page};
            overflow: hidden;
          `}
        >
          {shown ? (
            <img
              src={shown}
              alt={preview ? 'Preview of the chosen image' : 'The current image'}
              css={
                shape === 'round'
                  ? css`
                    width: 120px;
                    height: 120px;
                    margin: 12px;
                    border-radius: 50%;
                    object-fit: cover;
                  `
                  : css`
                    display: block;
                    width: 100%;
                    aspect-ratio: 4 / 1;
                    object-fit: cover;
                  `
              }
            />
          ) : (
            <p
              css={css`
                margin: 0;
                color: ${theme.color.muted};
              `}
            >
              No image yet
            </p>
          )}
        </div>
        <ImageFileInput
          id={inputId}
          autoFocus
          busy={busy}
          describedBy={errorId}
          onChoose={(chosen) => actor.send({ type: 'image.choose', file: chosen })}
          label={busy && !uploading ? 'Preparing image…' : file ? 'Choose another image' : 'Choose an image'}
          labelCss={css`align-self: flex-start;`}
        />
        <p
          id={errorId}
          role="alert"
          css={css`
            margin: 0;
            color: ${theme.color.danger};
            font-size: 0.875rem;
            &:empty {
              display: none;
            }
          `}
        >
          {error ?? ''}
        </p>
        <FormActions>
          <button type="button" css={secondaryButton} onClick={cancel} disabled={uploading}>
            Cancel
          </button>
          <SubmitButton busy={uploading} allowed={canSave}>
            Save
          </SubmitButton>
        </FormActions>
      </CreateForm>
    </DialogFrame>
  );
}
