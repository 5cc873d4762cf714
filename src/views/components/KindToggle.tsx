/** The Post/Poll toggle of topic and room pages (spec §2): two buttons, the shown kind pressed. */
import { css } from '@emotion/react';
import { theme } from '../theme.ts';
import { focusRing } from './ui.ts';

export type FeedKind = 'post' | 'poll';

export function KindToggle({ kind, onChange }: { kind: FeedKind; onChange: (kind: FeedKind) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a two-button toggle, not a form fieldset
    <div
      role="group"
      aria-label="Show"
      css={css`
        display: inline-flex;
        padding: 3px;
        border-radius: ${theme.radius.pill};
        background: ${theme.color.hover};
      `}
    >
      {(['post', 'poll'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={kind === option}
          onClick={() => onChange(option)}
          css={css`
            min-width: 72px;
            min-height: 34px;
            padding: 0 14px;
            border: 0;
            border-radius: ${theme.radius.pill};
            background: transparent;
            color: ${theme.color.muted};
            font: inherit;
            font-weight: 600;
            cursor: pointer;
            ${focusRing};
            &[aria-pressed='true'] {
              background: ${theme.color.surface};
              color: ${theme.color.text};
              box-shadow: ${theme.shadow.card};
            }
          `}
        >
          {option === 'post' ? 'Post' : 'Poll'}
        </button>
      ))}
    </div>
  );
}
