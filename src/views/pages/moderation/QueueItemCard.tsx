/**
 * One reported item of the queue, on its own moderationItem chart: what it is (linked to where it is
 * read), its author, how many people reported it and why, their words, whether readers see it masked,
 * and the removal proposal. Dismiss, Propose removal (a rule from REPORT_REASONS, with words for
 * "other") and Confirm removal, which only another moderator's proposal allows: on one's own proposal
 * it stays disabled, with 'Waiting for a second moderator'.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { EDITS } from '../../../domain/editText.ts';
import { KIND_LABEL, MODERATION_TEXT } from '../../../domain/moderationMessages.ts';
import { type QueueItem, REPORT_REASON_KEYS, REPORT_REASONS, RULE_NOTE_MAX } from '../../../domain/safety.ts';
import { useMachines, useScreenActor } from '../../../system/hooks.ts';
import { type ModerationMachines, moderationMachines } from '../../../system/moderation.ts';
import { Clamp } from '../../components/Clamp.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { fieldFocused, focusRing, primaryButton, secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import { cardButton, cardNote, type ModerationListActorRef, recordCard } from './ModerationListFrame.tsx';

const row = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

export function QueueItemCard({ item, list }: { item: QueueItem; list: ModerationListActorRef }) {
  const { item: itemMachine } = useMachines(moderationMachines);
  const actor = useScreenActor(itemMachine, { input: { item, list } });
  const proposal = useSelector(actor, (s) => s.context.proposal);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const choosing = useSelector(actor, (s) => s.hasTag('choosing'));
  const canDismiss = useSelector(actor, (s) => s.can({ type: 'item.dismiss' }));
  const canPropose = useSelector(actor, (s) => s.can({ type: 'removal.propose' }));
  const canConfirm = useSelector(actor, (s) => s.can({ type: 'removal.confirm' }));
  const titleId = useId();
  const waitingId = useId();
  const waiting = proposal?.mine === true;

  return (
    <li css={recordCard}>
      <p css={[cardNote, row, css`gap: 4px 10px;`]}>
        <strong css={css`color: ${theme.color.text};`}>{KIND_LABEL[item.kind]}</strong>
        <span>{MODERATION_TEXT.author(item.author)}</span>
        <span>
          first reported <RelativeTime at={item.firstReportedAt} />
        </span>
      </p>
      <h2 id={titleId} css={css`margin: 0; font-size: 1.0625rem; line-height: 1.35;`}>
        <Link to={item.href} css={css`color: inherit; ${focusRing};`}>
          {item.label}
        </Link>
      </h2>
      {item.reportedText !== null && (
        <figure css={css`margin: 0;`}>
          <figcaption css={cardNote}>{EDITS.reportedVersion}</figcaption>
          <blockquote
            css={css`
              margin: 4px 0 0;
              padding: 6px 12px;
              border-left: 3px solid ${theme.color.border};
              white-space: pre-wrap;
              overflow-wrap: anywhere;
            `}
          >
            <Clamp lines={6}>{item.reportedText}</Clamp>
          </blockquote>
        </figure>
      )}
      <p css={css`margin: 0;`}>{MODERATION_TEXT.reporters(item.reporters)}</p>
      <ul aria-label={MODERATION_TEXT.reasons} css={[row, css`margin: 0; padding: 0; list-style: none;`]}>
        {item.reasons.map(({ reason, count }) => (
          <li
            key={reason}
            css={css`
              padding: 2px 10px;
              border-radius: ${theme.radius.pill};
              background: ${theme.color.brandSoft};
              font-size: 0.8125rem;
            `}
          >
            {REPORT_REASONS[reason]} × {count}
          </li>
        ))}
      </ul>
      {item.notes.length > 0 && (
        <ul aria-label={MODERATION_TEXT.notes} css={css`margin: 0; padding-left: 20px; line-height: 1.5;`}>
          {item.notes.map((note, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reporters' words may repeat and never move
            <li key={index}>“{note}”</li>
          ))}
        </ul>
      )}
      {item.masked && <p css={cardNote}>{MODERATION_TEXT.maskedNow}</p>}
      {proposal && (
        <p css={css`margin: 0; font-weight: 600;`}>
          {MODERATION_TEXT.proposal(proposal.ruleText, proposal.mine)}
        </p>
      )}
      {choosing ? (
        <RuleChoice actor={actor} busy={busy} />
      ) : (
        <div css={row}>
          <button
            type="button"
            css={[secondaryButton, cardButton]}
            disabled={!canDismiss}
            onClick={() => actor.send({ type: 'item.dismiss' })}
          >
            {MODERATION_TEXT.dismiss}
          </button>
          <button
            type="button"
            css={[secondaryButton, cardButton]}
            disabled={!canPropose}
            onClick={() => actor.send({ type: 'removal.propose' })}
          >
            {MODERATION_TEXT.propose}
          </button>
          {proposal && (
            <button
              type="button"
              css={[primaryButton, cardButton]}
              disabled={!canConfirm}
              aria-describedby={waiting ? waitingId : undefined}
              onClick={() => actor.send({ type: 'removal.confirm' })}
            >
              {MODERATION_TEXT.confirm}
            </button>
          )}
          {waiting && (
            <span id={waitingId} css={cardNote}>
              {MODERATION_TEXT.waiting}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

type ItemActor = ActorRefFrom<ModerationMachines['item']>;

/** The rule a proposal names, with the words "other" needs. */
function RuleChoice({ actor, busy }: { actor: ItemActor; busy: boolean }) {
  const rule = useSelector(actor, (s) => s.context.rule);
  const note = useSelector(actor, (s) => s.context.note);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'proposal.submit' }));
  const noteId = useId();
  return (
    <form
      css={css`display: flex; flex-direction: column; gap: 10px;`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'proposal.submit' });
      }}
    >
      <fieldset css={css`margin: 0; padding: 0; border: 0; min-width: 0;`} disabled={busy}>
        <legend css={css`margin-bottom: 6px; font-weight: 600;`}>{MODERATION_TEXT.ruleLegend}</legend>
        <div
          css={css`display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 4px 12px;`}
        >
          {REPORT_REASON_KEYS.map((key) => (
            <label key={key} css={css`display: flex; align-items: center; gap: 8px; min-height: 32px;`}>
              <input
                type="radio"
                name="rule"
                value={key}
                checked={rule === key}
                onChange={() => actor.send({ type: 'rule.select', rule: key })}
                css={css`accent-color: ${theme.color.brandDark};`}
              />
              {REPORT_REASONS[key]}
            </label>
          ))}
        </div>
      </fieldset>
      {rule === 'other' && (
        <div css={css`display: flex; flex-direction: column; gap: 4px;`}>
          <label htmlFor={noteId} css={css`font-weight: 600;`}>
            {MODERATION_TEXT.ruleNote}
          </label>
          <input
            id={noteId}
            value={note}
            maxLength={RULE_NOTE_MAX}
            disabled={busy}
            onChange={(event) => actor.send({ type: 'note.change', note: event.target.value })}
            css={css`
              min-height: 40px;
              padding: 0 12px;
              border: 1px solid ${theme.color.muted};
              border-radius: ${theme.radius.md};
              font: inherit;
              &:focus-visible {
                ${fieldFocused};
              }
            `}
          />
        </div>
      )}
      <div css={row}>
        <button type="submit" css={[primaryButton, cardButton]} disabled={!canSubmit}>
          {MODERATION_TEXT.submitProposal}
        </button>
        <button
          type="button"
          css={[secondaryButton, cardButton]}
          disabled={busy}
          onClick={() => actor.send({ type: 'proposal.cancel' })}
        >
          {MODERATION_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
