/**
 * The post tab of the create modal (spec §2 Create modal): topic (only outside a room), title with
 * count/300, body (with its Markdown preview), image, and once an image is chosen its optional
 * description (the image's alt text).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { LIMITS } from '../../../domain/constants.ts';
import { IMAGE_ALT_MAX } from '../../../domain/images.ts';
import type { CreateRoomContext } from '../../../domain/roomRoutes.ts';
import type { PostField } from '../../../machines/createPost.machine.ts';
import { createMachines } from '../../../system/create.ts';
import { useMachines, useScreenActor } from '../../../system/hooks.ts';
import { formatHintId, WriteOrPreview } from '../../components/markdown/WriteOrPreview.tsx';
import { CreateForm, FormActions, SubmitButton, TextField } from './formParts.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { TopicSelect } from './TopicSelect.tsx';

export function PostForm({
  room,
}: {
  /** The room posted in (no topic then); null outside a room. */
  room: CreateRoomContext | null;
}) {
  const actor = useScreenActor(useMachines(createMachines).createPost, { input: { room } });
  const topic = useSelector(actor, (s) => s.context.topic);
  const title = useSelector(actor, (s) => s.context.title);
  const body = useSelector(actor, (s) => s.context.body);
  const image = useSelector(actor, (s) => s.context.image);
  const imgAlt = useSelector(actor, (s) => s.context.imgAlt);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const posting = useSelector(actor, (s) => s.matches('posting'));
  const previewing = useSelector(actor, (s) => s.matches('previewing'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const id = useId();
  const change = (field: PostField) => (value: string) => actor.send({ type: 'field.change', field, value });

  return (
    <CreateForm label="Create a post" onSubmit={() => actor.send({ type: 'form.submit' })}>
      {!room && (
        <TopicSelect
          id={`${id}-topic`}
          value={topic}
          error={errors.topic}
          disabled={posting}
          onChange={change('topic')}
        />
      )}
      <TextField
        id={`${id}-title`}
        label="Title"
        value={title}
        limit={LIMITS.postTitle}
        error={errors.title}
        disabled={posting}
        placeholder="An interesting title"
        onChange={change('title')}
      />
      <WriteOrPreview
        id={`${id}-body`}
        label="Description"
        text={body}
        previewing={previewing}
        disabled={posting}
        onWrite={() => actor.send({ type: 'preview.hide' })}
        onPreview={() => actor.send({ type: 'preview.show' })}
      >
        <TextField
          id={`${id}-body`}
          label="Description"
          value={body}
          rows={6}
          error={errors.body}
          disabled={posting}
          placeholder="What do you want to say?"
          describedBy={formatHintId(`${id}-body`)}
          onChange={change('body')}
        />
      </WriteOrPreview>
      <ImagePicker
        id={`${id}-image`}
        image={image}
        busy={busy}
        error={errors.image}
        onChoose={(file) => actor.send({ type: 'image.choose', file })}
        onRemove={() => actor.send({ type: 'image.remove' })}
      />
      {image && (
        <TextField
          id={`${id}-image-alt`}
          label="Image description (optional)"
          value={imgAlt}
          limit={IMAGE_ALT_MAX}
          error={errors.imgAlt}
          disabled={posting}
          placeholder="What the image shows, for people who cannot see it"
          onChange={change('imgAlt')}
        />
      )}
      <FormActions>
        <SubmitButton busy={busy} allowed={canSubmit}>
          Post
        </SubmitButton>
      </FormActions>
    </CreateForm>
  );
}
