/** "edited 5m ago" beside an item's age, once its author changed it (issue 33). */
import { css } from '@emotion/react';
import { EDITS } from '../../../domain/editText.ts';
import { theme } from '../../theme.ts';
import { RelativeTime } from '../RelativeTime.tsx';

export function EditedMark({ at }: { at: string | null }) {
  if (at === null) return null;
  return (
    <span css={css`white-space: nowrap; color: ${theme.color.muted}; font-size: 0.8125rem;`}>
      <span aria-hidden="true" css={css`margin-right: 8px;`}>
        •
      </span>
      <span>
        {EDITS.edited} <RelativeTime at={at} />
      </span>
    </span>
  );
}
