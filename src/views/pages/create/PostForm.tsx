/** The post tab of the create modal (spec §2 Create modal): topic, title with count/300, body, image. */
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { LIMITS } from '../../../domain/constants.ts';
import type { createPostMachine, PostField } from '../../../machines/createPost.machine.ts';
import { primaryButton } from '../../components/ui.ts';
import {
  Counter,
  control,
  FieldError,
  FormActions,
  fieldWrap,
  formStack,
  labelRow,
  textArea,
} from './formParts.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { TopicSelect } from './TopicSelect.tsx';

export function PostForm({ machine }: { machine: typeof createPostMachine }) {
  const actor = useActorRef(machine);
  const topic = useSelector(actor, (s) => s.context.topic);
  const title = useSelector(actor, (s) => s.context.title);
  const body = useSelector(actor, (s) => s.context.body);
  const image = useSelector(actor, (s) => s.context.image);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const posting = useSelector(actor, (s) => s.matches('posting'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const id = useId();
  const change = (field: PostField) => (value: string) => actor.send({ type: 'field.change', field, value });

  return (
    <form
      css={formStack}
      noValidate
      aria-label="Create a post"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <TopicSelect
        id={`${id}-topic`}
        value={topic}
        error={errors.topic}
        disabled={posting}
        onChange={change('topic')}
      />
      <div css={fieldWrap}>
        <label htmlFor={`${id}-title`} css={labelRow}>
          Title
          <Counter id={`${id}-title-count`} count={title.length} limit={LIMITS.postTitle} />
        </label>
        <input
          id={`${id}-title`}
          css={control}
          value={title}
          maxLength={LIMITS.postTitle}
          disabled={posting}
          placeholder="An interesting title"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={`${id}-title-count ${id}-title-error`}
          onChange={(event) => change('title')(event.target.value)}
        />
        <FieldError id={`${id}-title-error`}>{errors.title}</FieldError>
      </div>
      <div css={fieldWrap}>
        <label htmlFor={`${id}-body`} css={labelRow}>
          Description
        </label>
        <textarea
          id={`${id}-body`}
          css={textArea}
          rows={6}
          value={body}
          disabled={posting}
          placeholder="What do you want to say?"
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${id}-body-error`}
          onChange={(event) => change('body')(event.target.value)}
        />
        <FieldError id={`${id}-body-error`}>{errors.body}</FieldError>
      </div>
      <ImagePicker
        id={`${id}-image`}
        image={image}
        busy={busy}
        error={errors.image}
        onChoose={(file) => actor.send({ type: 'image.choose', file })}
        onRemove={() => actor.send({ type: 'image.remove' })}
      />
      <FormActions>
        <button type="submit" css={primaryButton} disabled={busy || !canSubmit} aria-busy={busy || undefined}>
          Post
        </button>
      </FormActions>
    </form>
  );
}
