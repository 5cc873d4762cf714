/**
 * The room icon picker of the Create Room dialog: only images (accept image/*), a round preview (the
 * default room icon until one is chosen), and disabled while the chosen image is being compressed.
 */
import { css } from '@emotion/react';
import { FieldError, labelRow } from '../../pages/create/formParts.tsx';
import { ImageFileInput, usePreview } from '../ImageFileInput.tsx';
import { secondaryButton } from '../ui.ts';
import { RoomIcon } from './RoomIcon.tsx';

interface RoomIconPickerProps {
  id: string;
  image: File | null;
  busy: boolean;
  error: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

export function RoomIconPicker({ id, image, busy, error, onChoose, onRemove }: RoomIconPickerProps) {
  const preview = usePreview(image);
  return (
    <div
      css={css`
        display: flex;
        flex-direction: column;
        gap: 8px;
      `}
    >
      <span css={labelRow}>Icon (optional)</span>
      <div
        css={css`
          display: flex;
          align-items: center;
          flex-wrap: wrap;
          gap: 14px;
        `}
      >
        <RoomIcon src={preview} size={56} alt={image ? `Preview of ${image.name}` : 'Default room icon'} />
        <ImageFileInput
          id={id}
          busy={busy}
          describedBy={`${id}-error`}
          onChoose={onChoose}
          label={busy ? 'Preparing image…' : image ? 'Change icon' : 'Upload icon'}
        />
        {image ? (
          <button type="button" css={secondaryButton} disabled={busy} onClick={onRemove}>
            Remove
          </button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
    </div>
  );
}
