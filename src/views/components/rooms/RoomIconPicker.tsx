/**
 * The room icon picker of the Create Room dialog: only images (accept image/*), a round preview (the
 * default room icon until one is chosen), and disabled while the chosen image is being compressed.
 */
import { css } from '@emotion/react';
import { useEffect, useMemo } from 'react';
import { FieldError, labelRow } from '../../pages/create/formParts.tsx';
import { theme } from '../../theme.ts';
import { secondaryButton, visuallyHidden } from '../ui.ts';
import { RoomIcon } from './RoomIcon.tsx';

interface RoomIconPickerProps {
  id: string;
  image: File | null;
  busy: boolean;
  error: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/** An object URL for the file, revoked once it is no longer shown. */
function usePreview(image: File | null) {
  const url = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
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
        <input
          id={id}
          type="file"
          accept="image/*"
          disabled={busy}
          aria-describedby={`${id}-error`}
          css={visuallyHidden}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onChoose(file);
          }}
        />
        <label
          htmlFor={id}
          aria-disabled={busy || undefined}
          css={[
            secondaryButton,
            css`
              input:focus-visible + & {
                outline: 2px solid ${theme.color.brand};
                outline-offset: 2px;
              }
              &[aria-disabled='true'] {
                opacity: 0.55;
                cursor: not-allowed;
              }
            `,
          ]}
        >
          {busy ? 'Preparing image…' : image ? 'Change icon' : 'Upload icon'}
        </label>
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
