/**
 * The comment box (spec §2 Comments): a prompt that expands on click or focus into a text area with
 * Cancel and Comment; a reply box is the same, opened by a comment's Reply button. 'Preview' shows the
 * text as it will read (Markdown), 'Write' brings the box back.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { COMMENTS } from '../../../domain/messages.ts';
import type { commentComposerMachine } from '../../../machines/commentComposer.machine.ts';
import { useScreenActor } from '../../../system/hooks.ts';
import { FieldError } from '../../pages/create/formParts.tsx';
import { theme } from '../../theme.ts';
import { formatHintId, WriteOrPreview } from '../markdown/WriteOrPreview.tsx';
import { fieldFocused, primaryButton, secondaryButton } from '../ui.ts';
import { useCommentMachines } from './context.ts';

export type ComposerRef = ActorRefFrom<typeof commentComposerMachine>;

/**
 * A comment box for a top-level comment (parentId null) or a reply, told to the thread once added; it
 * closes when its writer signs out (the chart follows the session).
 */
export function useComposer(parentId: string | null): ComposerRef {
  const { composer, thread, postId, roomMember } = useCommentMachines();
  return useScreenActor(composer, { input: { postId, parentId, thread, roomMember } });
}

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

const prompt = css`
  width: 100%;
  min-height: 44px;
  padding: 0 14px;
  border: 1px solid ${theme.color.control};
  border-radius: ${theme.radius.pill};
  background: ${theme.color.surface};
  color: ${theme.color.muted};
  font: inherit;
  text-align: left;
  cursor: text;
  &:hover {
    border-color: ${theme.color.brand};
  }
  &:focus-visible {
    ${fieldFocused};
  }
`;

export function CommentComposer({ actor, reply = false }: { actor: ComposerRef; reply?: boolean }) {
  const collapsed = useSelector(actor, (s) => s.matches('collapsed'));
  const text = useSelector(actor, (s) => s.context.text);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const previewing = useSelector(actor, (s) => s.matches({ expanded: 'previewing' }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'comment.submit' }));
  const roomMember = useSelector(actor, (s) => s.context.roomMember);
  const id = useId();
  const label = reply ? 'Your reply' : 'Your comment';

  if (collapsed) {
    if (reply) return null;
    return (
      <button
        type="button"
        css={prompt}
        onClick={() => actor.send({ type: 'comment.open' })}
        // Tabbing past the box opens it for members only; a click tells others to join first.
        onFocus={roomMember ? () => actor.send({ type: 'comment.open' }) : undefined}
      >
        {COMMENTS.addComment}
      </button>
    );
  }

  return (
    <form
      noValidate
      method="post"
      aria-label={reply ? 'Reply' : 'Add a comment'}
      css={css`
        display: flex;
        flex-direction: column;
        gap: 8px;
      `}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'comment.submit' });
      }}
    >
      <WriteOrPreview
        id={id}
        label={label}
        text={text}
        previewing={previewing}
        disabled={busy}
        onWrite={() => actor.send({ type: 'preview.hide' })}
        onPreview={() => actor.send({ type: 'preview.show' })}
      >
        <label htmlFor={id} css={css`font-size: 0.875rem; font-weight: 600;`}>
          {label}
        </label>
        <textarea
          id={id}
          css={area}
          value={text}
          disabled={busy}
          // biome-ignore lint/a11y/noAutofocus: the box was just opened on purpose, or brought back by 'Write'
          autoFocus
          placeholder="What are your thoughts?"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error ${formatHintId(id)}`}
          onChange={(event) => actor.send({ type: 'field.change', value: event.target.value })}
        />
      </WriteOrPreview>
      <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
      <div css={css`display: flex; justify-content: flex-end; gap: 8px;`}>
        <button
          type="button"
          css={secondaryButton}
          disabled={busy}
          onClick={() => actor.send({ type: 'comment.cancel' })}
        >
          Cancel
        </button>
        <button type="submit" css={primaryButton} disabled={busy || !canSubmit} aria-busy={busy || undefined}>
          {reply ? 'Reply' : 'Comment'}
        </button>
      </div>
    </form>
  );
}
