/** How long ago something was posted (spec §9 units), with the exact moment on hover. */
import { css } from '@emotion/react';
import { timeAgo } from '../../domain/time.ts';
import { theme } from '../theme.ts';

// One formatter for every card: toLocaleString() builds a new one per call, which shows in a feed.
const exactMoment = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

const style = css`
  color: ${theme.color.muted};
  font-size: 0.8125rem;
  white-space: nowrap;
`;

export function RelativeTime({ at }: { at: string }) {
  const moment = new Date(at);
  return (
    <time
      dateTime={at}
      title={Number.isNaN(moment.getTime()) ? undefined : exactMoment.format(moment)}
      css={style}
    >
      {timeAgo(at)}
    </time>
  );
}
