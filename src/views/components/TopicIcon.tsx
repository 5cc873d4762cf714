/** A topic's round picture (public/topics/{topic}.svg), shown beside its name, so decorative. */
import { css } from '@emotion/react';
import type { Topic } from '../../domain/constants.ts';

const round = css`
  display: block;
  border-radius: 50%;
`;

export function TopicIcon({ topic, size }: { topic: Topic; size: number }) {
  return <img src={`/topics/${topic}.svg`} alt="" width={size} height={size} css={round} />;
}
