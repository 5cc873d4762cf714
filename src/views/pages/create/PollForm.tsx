/**
 * The poll tab of the create modal (spec §2 Create modal, §5): topic (only outside a room), question
 * with count/150, options starting with 2 (only the third on can be removed), 'Add option' with the
 * count of options (disabled at 7, saying 'Options_Limit_Reached') and 'Create Poll'. A new option
 * takes the focus, so the keyboard never lands on a button that has just been disabled.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { LIMITS } from '../../../domain/constants.ts';
import { POLLS } from '../../../domain/messages.ts';
import type { CreateRoomContext } from '../../../domain/roomRoutes.ts';
import { isRemovable } from '../../../machines/createPoll.machine.ts';
import { createMachines } from '../../../system/create.ts';
import { useMachines, useScreenActor } from '../../../system/hooks.ts';
import { CloseIcon } from '../../components/icons.tsx';
import { iconButton, secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';
import {
  CreateForm,
  control,
  FieldError,
  FormActions,
  labelRow,
  SubmitButton,
  TextField,
} from './formParts.tsx';
import { TopicSelect } from './TopicSelect.tsx';

export function PollForm({
  room,
}: {
  /** The room the poll is created in (no topic then); null outside a room. */
  room: CreateRoomContext | null;
}) {
  const actor = useScreenActor(useMachines(createMachines).createPoll, { input: { room } });
  const topic = useSelector(actor, (s) => s.context.topic);
  const title = useSelector(actor, (s) => s.context.title);
  const options = useSelector(actor, (s) => s.context.options);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const canAdd = useSelector(actor, (s) => s.can({ type: 'option.add' }));
  const id = useId();
  const optionList = useRef<HTMLFieldSetElement>(null);
  const optionCount = useRef(options.length);
  useEffect(() => {
    if (options.length > optionCount.current) {
      const fields = optionList.current?.querySelectorAll<HTMLInputElement>('input');
      fields?.[fields.length - 1]?.focus();
    }
    optionCount.current = options.length;
  }, [options.length]);

  return (
    <CreateForm label="Create a poll" onSubmit={() => actor.send({ type: 'form.submit' })}>
      {!room && (
        <TopicSelect
          id={`${id}-topic`}
          value={topic}
          error={errors.topic}
          disabled={busy}
          onChange={(value) => actor.send({ type: 'field.change', field: 'topic', value })}
        />
      )}
      <TextField
        id={`${id}-title`}
        label="Question"
        value={title}
        limit={LIMITS.pollQuestion}
        rows={3}
        error={errors.title}
        disabled={busy}
        placeholder="Ask something"
        onChange={(value) => actor.send({ type: 'field.change', field: 'title', value })}
      />
      <fieldset
        ref={optionList}
        aria-describedby={`${id}-options-error`}
        css={css`
          display: flex;
          flex-direction: column;
          gap: 8px;
          margin: 0;
          padding: 0;
          border: 0;
          min-width: 0;
        `}
      >
        <legend css={[labelRow, css`padding: 0; margin-bottom: 6px;`]}>Options</legend>
        {options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are positions; removing one renumbers the rest
          <div key={index} css={css`display: flex; gap: 6px; align-items: center;`}>
            <input
              css={control}
              aria-label={`Option ${index + 1}`}
              placeholder={`Option ${index + 1}`}
              value={option}
              maxLength={LIMITS.pollOption}
              disabled={busy}
              aria-invalid={errors.options && !option.trim() ? true : undefined}
              onChange={(event) => actor.send({ type: 'option.change', index, value: event.target.value })}
            />
            {isRemovable(index) && (
              <button
                type="button"
                css={[iconButton, css`flex: none;`]}
                aria-label={`Remove option ${index + 1}`}
                disabled={busy}
                onClick={() => actor.send({ type: 'option.remove', index })}
              >
                <CloseIcon size={18} />
              </button>
            )}
          </div>
        ))}
        <FieldError id={`${id}-options-error`}>{errors.options}</FieldError>
      </fieldset>
      <FormActions>
        <span
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: center;
            gap: 4px 10px;
            margin-right: auto;
          `}
        >
          <button
            type="button"
            css={secondaryButton}
            disabled={!canAdd}
            aria-describedby={`${id}-option-count`}
            onClick={() => actor.send({ type: 'option.add' })}
          >
            Add option
          </button>
          <span
            id={`${id}-option-count`}
            aria-live="polite"
            css={css`
              color: ${theme.color.muted};
              font-size: 0.8125rem;
            `}
          >
            {canAdd
              ? POLLS.optionCount(options.length, LIMITS.pollOptionsMax)
              : POLLS.optionsLimitHint(LIMITS.pollOptionsMax)}
          </span>
        </span>
        <SubmitButton busy={busy} allowed={canSubmit}>
          {POLLS.createPoll}
        </SubmitButton>
      </FormActions>
    </CreateForm>
  );
}
