/**
 * Up and down vote buttons with their counts (spec §2 Post card). Dumb: props only, so the post card
 * and the comment thread both use it. The pressed state says the viewer's own vote.
 */
import { css } from '@emotion/react';
import { theme } from '../theme.ts';
import { ArrowDownIcon, ArrowUpIcon } from './feedIcons.tsx';
import { focusRing } from './ui.ts';

export interface VoteBarProps {
  upvotes: number;
  downvotes: number;
  /** 1 up, -1 down, 0 none. */
  myVote: 1 | -1 | 0;
  onUp: () => void;
  onDown: () => void;
  /** Smaller buttons, e.g. in a comment row. */
  compact?: boolean;
  /** While the session is still being restored: who votes is not known yet. */
  waiting?: boolean;
}

const group = css`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  border-radius: ${theme.radius.pill};
  background: ${theme.color.hover};
`;

const voteButton = (color: string, compact: boolean) => css`
  &:disabled {
    cursor: progress;
  }
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: ${compact ? 30 : 36}px;
  padding: 0 ${compact ? 8 : 12}px;
  border: 0;
  border-radius: ${theme.radius.pill};
  background: transparent;
  color: ${theme.color.muted};
  font: inherit;
  font-size: 0.875rem;
  font-weight: 600;
  cursor: pointer;
  ${focusRing};
  &:hover {
    background: ${theme.color.hover};
    color: ${color};
  }
  &[aria-pressed='true'] {
    color: ${color};
  }
  &[aria-pressed='true'] svg {
    fill: currentColor;
  }
`;

export function VoteBar({
  upvotes,
  downvotes,
  myVote,
  onUp,
  onDown,
  compact = false,
  waiting = false,
}: VoteBarProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div role="group" aria-label="Votes" css={group}>
      <button
        type="button"
        aria-pressed={myVote === 1}
        aria-label={`Upvote (${upvotes})`}
        disabled={waiting}
        onClick={onUp}
        css={voteButton(theme.color.upvote, compact)}
      >
        <ArrowUpIcon />
        <span aria-hidden="true">{upvotes}</span>
      </button>
      <button
        type="button"
        aria-pressed={myVote === -1}
        aria-label={`Downvote (${downvotes})`}
        disabled={waiting}
        onClick={onDown}
        css={voteButton(theme.color.downvote, compact)}
      >
        <ArrowDownIcon />
        <span aria-hidden="true">{downvotes}</span>
      </button>
    </div>
  );
}
