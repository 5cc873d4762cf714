/**
 * The appeals waiting on /mod (docs/moderation.md "Appeals"), oldest first, each on its own chart
 * (appealDecision.machine.ts): the item, the rule it was removed under, the author's words, and
 * Restore / Uphold. A moderator who proposed or confirmed the removal sees both disabled, with the
 * reason; once answered the card says how.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { AppealItem } from '../../../domain/appealSchemas.ts';
import { APPEALS, type AppealKind } from '../../../domain/appeals.ts';
import { KIND_LABEL } from '../../../domain/moderationMessages.ts';
import { MODERATION_PAGE, SAFETY } from '../../../domain/safety.ts';
import { isAppealItem } from '../../../machines/moderationList.machine.ts';
import { useMachines, useScreenActor, useScreenDataActor } from '../../../system/hooks.ts';
import { moderationMachines } from '../../../system/moderation.ts';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { primaryButton, secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { cardButton, cardNote, recordCard, recordList } from './ModerationListFrame.tsx';

export function AppealsSection() {
  const { appeals } = useMachines(moderationMachines);
  const list = useScreenDataActor(appeals, { input: { pageSize: MODERATION_PAGE } });
  const items = useSelector(list, (s) => s.context.records).filter(isAppealItem);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const canMore = useSelector(list, (s) => s.can({ type: 'list.more' }));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} css={css`display: flex; flex-direction: column; gap: 12px;`}>
      <h2 id={headingId} css={css`margin: 0; font-size: 1.125rem;`}>
        {APPEALS.heading}
      </h2>
      {items.length === 0 && !loading ? <p css={cardNote}>{APPEALS.empty}</p> : null}
      {items.length > 0 && (
        <ul aria-label={APPEALS.heading} css={recordList}>
          {items.map((item) => (
            <AppealCard key={`${item.kind}:${item.id}`} item={item} />
          ))}
        </ul>
      )}
      {canMore && items.length >= MODERATION_PAGE ? (
        <button
          type="button"
          css={[secondaryButton, cardButton]}
          onClick={() => list.send({ type: 'list.more' })}
        >
          Load more
        </button>
      ) : null}
    </section>
  );
}

function AppealCard({ item }: { item: AppealItem }) {
  const { appealDecision } = useMachines(moderationMachines);
  const appeal = { kind: item.kind as AppealKind, id: item.id, mayDecide: item.mayDecide };
  const actor = useScreenActor(appealDecision, { input: { appeal } });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const outcome = useSelector(actor, (s) => (s.status === 'done' ? s.context.outcome : null));
  const canRestore = useSelector(actor, (s) => s.can({ type: 'appeal.restore' }));
  const canUphold = useSelector(actor, (s) => s.can({ type: 'appeal.uphold' }));
  const noteId = useId();
  return (
    <li css={recordCard}>
      <p css={[cardNote, css`display: flex; flex-wrap: wrap; gap: 4px 10px;`]}>
        <strong css={css`color: ${theme.color.text};`}>{KIND_LABEL[item.kind]}</strong>
        <span>{SAFETY.removedBy(item.ruleText)}</span>
        <span>
          appealed <RelativeTime at={item.createdAt} />
        </span>
      </p>
      <p css={css`margin: 0; font-weight: 600;`}>{item.label}</p>
      <blockquote css={css`margin: 0; padding-left: 10px; border-left: 3px solid ${theme.color.border};`}>
        {item.text}
      </blockquote>
      {outcome ? (
        <p role="status" css={css`margin: 0; font-weight: 600;`}>
          {outcome === 'restored' ? APPEALS.restoredMsg : APPEALS.upheldMsg}
        </p>
      ) : (
        <div css={css`display: flex; flex-wrap: wrap; gap: 8px;`}>
          <button
            type="button"
            disabled={busy || !canRestore}
            aria-describedby={item.mayDecide ? undefined : noteId}
            onClick={() => actor.send({ type: 'appeal.restore' })}
            css={[primaryButton, cardButton]}
          >
            {APPEALS.restore}
          </button>
          <button
            type="button"
            disabled={busy || !canUphold}
            aria-describedby={item.mayDecide ? undefined : noteId}
            onClick={() => actor.send({ type: 'appeal.uphold' })}
            css={[secondaryButton, cardButton]}
          >
            {APPEALS.uphold}
          </button>
          {item.mayDecide ? null : (
            <p id={noteId} css={cardNote}>
              {APPEALS.tookPartNote}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
