/**
 * The Write / Preview switch of a text that may hold Markdown (the post composer's body, the comment
 * box; issue 33 part 4): 'Preview' shows the text as it will read in place of its box, 'Write' brings
 * the box back. Two toggle buttons (aria-pressed) that the composer's chart drives; under them the
 * formatting hint, which the box names in its aria-describedby (`formatHintId`).
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../theme.ts';
import { FormattedText } from '../FormattedText.tsx';
import { focusRing } from '../ui.ts';

export const FORMATTING = {
  write: 'Write',
  preview: 'Preview',
  hint: 'Markdown: **bold**, _italics_, `code`, ``` for code blocks',
  nothing: 'Nothing to preview',
};

const switchRow = css`
  display: flex;
  gap: 4px;
`;

const switchButton = css`
  min-height: 32px;
  padding: 0 12px;
  border: 1px solid transparent;
  border-radius: ${theme.radius.pill};
  background: none;
  color: ${theme.color.muted};
  font: inherit;
  font-size: 0.875rem;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${theme.color.hover};
  }
  &[aria-pressed='true'] {
    border-color: ${theme.color.control};
    color: ${theme.color.text};
  }
  ${focusRing};
`;

const previewBox = css`
  min-height: 96px;
  padding: 10px 12px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  background: ${theme.color.surface};
  line-height: 1.5;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const hint = css`
  margin: 0;
  font-size: 0.8125rem;
  color: ${theme.color.muted};
`;

/** The hint's id, for the writing box's aria-describedby. */
export const formatHintId = (id: string) => `${id}-format`;

interface WriteOrPreviewProps {
  /** The writing box's id. */
  id: string;
  /** What the text is ('Description', 'Your comment'): names the preview. */
  label: string;
  text: string;
  previewing: boolean;
  disabled: boolean;
  onWrite: () => void;
  onPreview: () => void;
  /** The writing box, shown while not previewing. */
  children: ReactNode;
}

export function WriteOrPreview({
  id,
  label,
  text,
  previewing,
  disabled,
  onWrite,
  onPreview,
  children,
}: WriteOrPreviewProps) {
  return (
    <>
      <div css={switchRow}>
        <button
          type="button"
          css={switchButton}
          aria-pressed={!previewing}
          disabled={disabled}
          onClick={onWrite}
        >
          {FORMATTING.write}
        </button>
        <button
          type="button"
          css={switchButton}
          aria-pressed={previewing}
          disabled={disabled}
          onClick={onPreview}
        >
          {FORMATTING.preview}
        </button>
      </div>
      {previewing ? (
        <section aria-label={`${label} preview`} css={previewBox}>
          {text.trim() === '' ? <p css={hint}>{FORMATTING.nothing}</p> : <FormattedText text={text} />}
        </section>
      ) : (
        children
      )}
      <p id={formatHintId(id)} css={hint}>
        {FORMATTING.hint}
      </p>
    </>
  );
}
