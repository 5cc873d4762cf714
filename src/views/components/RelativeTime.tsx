/** How long ago something was posted (spec §9 units), with the exact moment on hover. */
import { css } from '@emotion/react';
import { timeAgo } from '../../domain/time.ts';
import { useRenderedAt } from '../../system/hooks.ts';
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
  // A page drawn on the server reads as it was drawn until it runs; the exact moment is in the
  // reader's own time zone, which only the browser knows.
  const renderedAt = useRenderedAt();
  const exact = renderedAt === undefined && !Number.isNaN(moment.getTime());
  return (
    <time dateTime={at} title={exact ? exactMoment.format(moment) : undefined} css={style}>
      {timeAgo(at, renderedAt)}
    </time>
  );
}
