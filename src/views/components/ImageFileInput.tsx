/**
 * Choosing an image file: a visually hidden `accept="image/*"` input with a button-styled label (the
 * label shows focus for the input), disabled while an image is being prepared; and the preview URL of
 * a chosen file. Used by the post form, the room icon and the image-change dialog.
 */
import { css, type SerializedStyles } from '@emotion/react';
import { useEffect, useMemo } from 'react';
import { theme } from '../theme.ts';
import { secondaryButton, visuallyHidden } from './ui.ts';

/** An object URL for the file, revoked once it is no longer shown. */
export function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

const chooserLabel = css`
  ${secondaryButton};
  input:focus-visible + & {
    outline: 2px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  &[aria-disabled='true'] {
    border-color: ${theme.color.disabledFill};
    background: ${theme.color.disabledFill};
    color: ${theme.color.disabledText};
    cursor: not-allowed;
  }
`;

interface ImageFileInputProps {
  id: string;
  label: string;
  busy: boolean;
  /** The id of the element that tells what went wrong. */
  describedBy: string;
  onChoose: (file: File) => void;
  /** Focused first when its dialog opens. */
  autoFocus?: boolean;
  labelCss?: SerializedStyles;
}

export function ImageFileInput({
  id,
  label,
  busy,
  describedBy,
  onChoose,
  autoFocus = false,
  labelCss,
}: ImageFileInputProps) {
  return (
    <>
      <input
        id={id}
        data-autofocus={autoFocus || undefined}
        type="file"
        accept="image/*"
        disabled={busy}
        aria-describedby={describedBy}
        css={visuallyHidden}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
      <label htmlFor={id} aria-disabled={busy || undefined} css={[chooserLabel, labelCss]}>
        {label}
      </label>
    </>
  );
}
