/**
 * The author's appeal of a removal (docs/moderation.md "Appeals"), opened by "Appeal" under the
 * removal's notice: a few words and Send appeal, on its own chart (appeal.machine.ts). Once sent it
 * says so and offers nothing more: an item is appealed once.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { APPEAL_TEXT_MAX, APPEALS, type AppealKind } from '../../../domain/appeals.ts';
import { useMachines, useScreenActor } from '../../../system/hooks.ts';
import { moderationMachines } from '../../../system/moderation.ts';
import { theme } from '../../theme.ts';
import { primaryButton, secondaryButton } from '../ui.ts';

const small = css`
  min-height: 32px;
  padding: 0 14px;
  font-size: 0.8125rem;
`;

/** "Appeal" under a removal notice, opening the form in place. */
export function AppealAction({ kind, id, label }: { kind: AppealKind; id: string; label: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        aria-label={`${APPEALS.action}: ${label}`}
        onClick={() => setOpen(true)}
        css={[secondaryButton, small]}
      >
        {APPEALS.action}
      </button>
    );
  }
  return <AppealForm kind={kind} id={id} onCancel={() => setOpen(false)} />;
}

function AppealForm({ kind, id, onCancel }: { kind: AppealKind; id: string; onCancel: () => void }) {
  const { appeal: logic } = useMachines(moderationMachines);
  const appeal = useScreenActor(logic, { input: { kind, id } });
  const text = useSelector(appeal, (s) => s.context.text);
  const problem = useSelector(appeal, (s) => s.context.problem);
  const busy = useSelector(appeal, (s) => s.hasTag('busy'));
  const sent = useSelector(appeal, (s) => s.status === 'done');
  const fieldId = useId();
  const hintId = useId();
  const problemId = useId();

  if (sent)
    return (
      <p role="status" css={css`margin: 0; font-size: 0.875rem;`}>
        {APPEALS.sent}
      </p>
    );
  return (
    <form
      aria-label={APPEALS.formTitle}
      onSubmit={(event) => {
        event.preventDefault();
        appeal.send({ type: 'appeal.submit' });
      }}
      css={css`
        display: flex;
        flex-direction: column;
        gap: 8px;
        max-width: 100%;
      `}
    >
      <label htmlFor={fieldId} css={css`font-weight: 600; font-size: 0.875rem;`}>
        {APPEALS.textLabel}
      </label>
      <p id={hintId} css={css`margin: 0; font-size: 0.8125rem; color: ${theme.color.muted};`}>
        {APPEALS.formHint}
      </p>
      <textarea
        id={fieldId}
        value={text}
        rows={3}
        maxLength={APPEAL_TEXT_MAX}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
        aria-invalid={problem !== null}
        onChange={(event) => appeal.send({ type: 'appeal.change', text: event.target.value })}
        css={css`
          width: 100%;
          box-sizing: border-box;
          padding: 8px;
          border: 1px solid ${theme.color.border};
          border-radius: ${theme.radius.md};
          font: inherit;
          resize: vertical;
        `}
      />
      <span css={css`font-size: 0.75rem; color: ${theme.color.muted};`}>
        {text.length}/{APPEAL_TEXT_MAX}
      </span>
      {problem && (
        <p
          id={problemId}
          role="alert"
          css={css`margin: 0; color: ${theme.color.danger}; font-size: 0.8125rem;`}
        >
          {problem}
        </p>
      )}
      <div css={css`display: flex; flex-wrap: wrap; gap: 8px;`}>
        <button type="submit" disabled={busy} css={[primaryButton, small]}>
          {APPEALS.send}
        </button>
        <button type="button" onClick={onCancel} css={[secondaryButton, small]}>
          {APPEALS.cancel}
        </button>
      </div>
    </form>
  );
}
