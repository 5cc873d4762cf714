/**
 * The edit box of a post, poll or comment (editItem.machine.ts), in place of its text: the text to
 * change, the reason it cannot be saved, Cancel and Save.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { EDITS } from '../../../domain/editText.ts';
import type { EditItemMachine } from '../../../machines/editItem.machine.ts';
import { FieldError } from '../../pages/create/formParts.tsx';
import { theme } from '../../theme.ts';
import { fieldFocused, primaryButton, secondaryButton } from '../ui.ts';

const area = css`
  width: 100%;
  min-height: 96px;
  padding: 10px 12px;
  border: 1px solid ${theme.color.control};
  border-radius: ${theme.radius.sm};
  font: inherit;
  line-height: 1.5;
  resize: vertical;
  &:focus {
    ${fieldFocused};
  }
  &[aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`;

export function EditBox({ actor }: { actor: ActorRefFrom<EditItemMachine> }) {
  const kind = useSelector(actor, (s) => s.context.kind);
  const draft = useSelector(actor, (s) => s.context.draft);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'edit.save' }));
  const id = useId();
  return (
    <form
      noValidate
      aria-label={EDITS.label[kind]}
      css={css`display: flex; flex-direction: column; gap: 8px;`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'edit.save' });
      }}
    >
      <label htmlFor={id} css={css`font-size: 0.875rem; font-weight: 600;`}>
        {EDITS.label[kind]}
      </label>
      <textarea
        id={id}
        css={[area, kind === 'poll' && css`min-height: 56px;`]}
        value={draft}
        disabled={busy}
        // biome-ignore lint/a11y/noAutofocus: the box was just opened on purpose
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(event) => actor.send({ type: 'edit.change', text: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Escape') actor.send({ type: 'edit.cancel' });
        }}
      />
      <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
      <div css={css`display: flex; justify-content: flex-end; gap: 8px;`}>
        <button
          type="button"
          css={secondaryButton}
          disabled={busy}
          onClick={() => actor.send({ type: 'edit.cancel' })}
        >
          {EDITS.cancel}
        </button>
        <button type="submit" css={primaryButton} disabled={!canSave} aria-busy={busy || undefined}>
          {EDITS.save}
        </button>
      </div>
    </form>
  );
}
