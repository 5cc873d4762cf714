/**
 * What the moderation queue and log share: the page's one heading and intro, the records (drawn by the
 * page), an empty state, a failed load with a retry, and Load more while there may be more.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { MODERATION_TEXT } from '../../../domain/moderationMessages.ts';
import type { moderationListMachine } from '../../../machines/moderationList.machine.ts';
import { ListRowsSkeleton } from '../../components/Skeletons.tsx';
import { card, secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';

export type ModerationListActorRef = ActorRefFrom<typeof moderationListMachine>;

export const recordCard = css`
  ${card};
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 14px 16px;
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** A moderation card's buttons, smaller than a form's. */
export const cardButton = css`
  min-height: 36px;
  padding: 0 14px;
  font-size: 0.875rem;
`;

/** A card's secondary line (author, times, reasons). */
export const cardNote = css`
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.875rem;
`;

export const recordList = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

interface ModerationListFrameProps {
  list: ModerationListActorRef;
  title: string;
  intro: ReactNode;
  empty: string;
  /** The records, drawn by the page. */
  children: ReactNode;
}

export function ModerationListFrame({ list, title, intro, empty, children }: ModerationListFrameProps) {
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const count = useSelector(list, (s) => s.context.records.length);
  const failed = useSelector(list, (s) => s.matches('failed'));
  const more = useSelector(list, (s) => s.can({ type: 'list.more' }) || s.matches('loadingMore'));

  return (
    <section
      aria-labelledby="moderation-title"
      css={css`
        display: flex;
        flex-direction: column;
        gap: 16px;
        min-width: 0;
      `}
    >
      <header css={css`display: flex; flex-direction: column; gap: 6px;`}>
        <h1 id="moderation-title" css={css`margin: 0; font-size: 1.5rem;`}>
          {title}
        </h1>
        <div css={css`color: ${theme.color.muted}; line-height: 1.5;`}>{intro}</div>
      </header>
      {loading ? <ListRowsSkeleton rows={4} label={`Loading ${title.toLowerCase()}`} /> : children}
      {!loading && !failed && count === 0 && !more && (
        <p css={[recordCard, css`color: ${theme.color.muted}; text-align: center;`]}>{empty}</p>
      )}
      {failed && (
        <div css={[recordCard, css`align-items: center; text-align: center;`]}>
          <p css={css`margin: 0;`}>{MODERATION_TEXT.loadFailed}</p>
          <button type="button" css={secondaryButton} onClick={() => list.send({ type: 'list.retry' })}>
            {MODERATION_TEXT.retry}
          </button>
        </div>
      )}
      {more && (
        <button
          type="button"
          css={[secondaryButton, css`align-self: center;`]}
          disabled={busy}
          onClick={() => list.send({ type: 'list.more' })}
        >
          {MODERATION_TEXT.loadMore}
        </button>
      )}
    </section>
  );
}
