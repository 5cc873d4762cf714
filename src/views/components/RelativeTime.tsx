/** How long ago something was posted (spec §9 units), with the exact moment on hover. */
import { css } from '@emotion/react';
import { timeAgo } from '../../domain/time.ts';
import { theme } from '../theme.ts';

export function RelativeTime({ at }: { at: string }) {
  return (
    <time
      dateTime={at}
      title={new Date(at).toLocaleString()}
      css={css`
        color: ${theme.color.muted};
        font-size: 0.8125rem;
        white-space: nowrap;
      `}
    >
      {timeAgo(at)}
    </time>
  );
}
