/**
 * The report dialog (report.machine.ts): the reasons as a radio group, a note (needed for "other"),
 * Send; after a self-harm report the campus crisis resources in place of the form. It loads when a
 * report is first asked for (Radix Dialog under Modal).
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  type CrisisResource,
  REPORT_NOTE_MAX,
  REPORT_REASON_KEYS,
  REPORT_REASONS,
  type ReportKind,
} from '../../../domain/safety.ts';
import type { reportMachine } from '../../../machines/report.machine.ts';
import { theme } from '../../theme.ts';
import { Modal, ModalDescription, ModalTitle } from '../Modal.tsx';
import { fieldFocused, focusRing, primaryButton, secondaryButton } from '../ui.ts';
import { CrisisResources } from './CrisisResources.tsx';

export type ReportActorRef = ActorRefFrom<typeof reportMachine>;

const KIND_NAMES: Record<ReportKind, string> = {
  post: 'post',
  poll: 'poll',
  comment: 'comment',
  room: 'room',
  user: 'account',
};

const body = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 22px 22px 20px;
  ${theme.media.sm} {
    padding: 18px 16px 16px;
  }
`;

const heading = css`
  margin: 0;
  font-size: 1.125rem;
`;

const buttons = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`;

const reasonRow = css`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 36px;
  padding: 0 8px;
  border-radius: ${theme.radius.sm};
  cursor: pointer;
  &:hover {
    background: ${theme.color.hover};
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${theme.color.brandDark};
    ${focusRing};
  }
`;

const noteBox = css`
  width: 100%;
  box-sizing: border-box;
  min-height: 80px;
  padding: 8px 10px;
  border: 1px solid ${theme.color.control};
  border-radius: ${theme.radius.sm};
  font: inherit;
  resize: vertical;
  &:focus-visible {
    ${fieldFocused};
  }
  &[aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`;

export function ReportDialog({ actor }: { actor: ReportActorRef }) {
  const crisis = useSelector(actor, (s) => (s.hasTag('crisis') ? s.context.crisis : null));
  const close = () => actor.send({ type: 'report.close' });
  return (
    <Modal described onDismiss={close}>
      {crisis ? (
        <CrisisStep resources={crisis} onClose={close} />
      ) : (
        <ReportForm actor={actor} onClose={close} />
      )}
    </Modal>
  );
}

function ReportForm({ actor, onClose }: { actor: ReportActorRef; onClose: () => void }) {
  const kind = useSelector(actor, (s) => s.context.kind);
  const label = useSelector(actor, (s) => s.context.label);
  const reason = useSelector(actor, (s) => s.context.reason);
  const note = useSelector(actor, (s) => s.context.note);
  const noteError = useSelector(actor, (s) => s.context.noteError);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSend = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const id = useId();

  return (
    <form
      css={body}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <div>
        <ModalTitle>
          <h2 css={heading}>Report {KIND_NAMES[kind]}</h2>
        </ModalTitle>
        <ModalDescription>
          <p
            css={css`
              margin: 4px 0 0;
              color: ${theme.color.muted};
              overflow-wrap: anywhere;
            `}
          >
            {label}
          </p>
        </ModalDescription>
      </div>
      <fieldset css={css`margin: 0; padding: 0; border: 0; min-width: 0;`} disabled={busy}>
        <legend css={css`margin-bottom: 6px; padding: 0; font-weight: 600;`}>
          Why are you reporting it?
        </legend>
        {REPORT_REASON_KEYS.map((key) => (
          <label key={key} css={reasonRow}>
            <input
              type="radio"
              name={`${id}-reason`}
              value={key}
              checked={reason === key}
              onChange={() => actor.send({ type: 'reason.select', reason: key })}
            />
            {REPORT_REASONS[key]}
          </label>
        ))}
      </fieldset>
      <div css={css`display: flex; flex-direction: column; gap: 6px;`}>
        <label htmlFor={`${id}-note`} css={css`font-weight: 600;`}>
          {reason === 'other' ? 'Note' : 'Note (optional)'}
        </label>
        <textarea
          id={`${id}-note`}
          css={noteBox}
          value={note}
          disabled={busy}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={`${id}-note-help`}
          onChange={(event) => actor.send({ type: 'note.change', note: event.target.value })}
        />
        <p
          id={`${id}-note-help`}
          role={noteError ? 'alert' : undefined}
          css={css`
            margin: 0;
            font-size: 0.8125rem;
            color: ${noteError ? theme.color.danger : theme.color.muted};
          `}
        >
          {noteError ?? `${note.length}/${REPORT_NOTE_MAX}`}
        </p>
      </div>
      <div css={buttons}>
        <button type="button" css={secondaryButton} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" css={primaryButton} disabled={!canSend || busy} aria-busy={busy || undefined}>
          Send report
        </button>
      </div>
    </form>
  );
}

function CrisisStep({ resources, onClose }: { resources: CrisisResource[]; onClose: () => void }) {
  return (
    <div css={body}>
      <div>
        <ModalTitle>
          <h2 css={heading}>Report sent</h2>
        </ModalTitle>
        <ModalDescription>
          <p css={css`margin: 4px 0 0; color: ${theme.color.muted};`}>
            Thank you for looking out for someone.
          </p>
        </ModalDescription>
      </div>
      <CrisisResources resources={resources} />
      <div css={buttons}>
        <button type="button" css={primaryButton} onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </div>
  );
}
