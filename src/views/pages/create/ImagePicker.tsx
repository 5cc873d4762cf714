/**
 * The image picker of the post form: only images (accept image/*), a preview from an object URL, and
 * disabled while the chosen image is being compressed.
 */
import { css } from '@emotion/react';
import { ImageFileInput, usePreview } from '../../components/ImageFileInput.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { focusRing, iconButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { FieldError } from './formParts.tsx';

interface ImagePickerProps {
  id: string;
  image: File | null;
  busy: boolean;
  error?: string;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

export function ImagePicker({ id, image, busy, error, onChoose, onRemove }: ImagePickerProps) {
  const preview = usePreview(image);
  const errorId = `${id}-error`;
  return (
    <div
      css={css`
        display: flex;
        flex-direction: column;
        gap: 8px;
      `}
    >
      <ImageFileInput
        id={id}
        busy={busy}
        describedBy={errorId}
        onChoose={onChoose}
        label={busy ? 'Preparing image…' : image ? 'Change image' : 'Upload image'}
        labelCss={css`align-self: flex-start;`}
      />
      {preview && image && (
        <figure
          css={css`
            position: relative;
            margin: 0;
            border: 1px solid ${theme.color.border};
            border-radius: ${theme.radius.sm};
            overflow: hidden;
            background: #111;
          `}
        >
          <img
            src={preview}
            alt={`Preview of ${image.name}`}
            css={css`
              display: block;
              width: 100%;
              max-height: 240px;
              object-fit: contain;
            `}
          />
          <button
            type="button"
            aria-label="Remove image"
            disabled={busy}
            onClick={onRemove}
            css={[
              iconButton,
              focusRing,
              css`
                position: absolute;
                top: 6px;
                right: 6px;
                width: 34px;
                height: 34px;
                background: rgba(255, 255, 255, 0.9);
              `,
            ]}
          >
            <CloseIcon size={18} />
          </button>
        </figure>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
