/** The topic selector of the create forms (spec §2): 'Select a Topic' (empty), then the fixed topics. */
import { TOPICS } from '../../../domain/constants.ts';
import { POSTS } from '../../../domain/messages.ts';
import { control, FieldError, fieldWrap, labelRow } from './formParts.tsx';

interface TopicSelectProps {
  id: string;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (topic: string) => void;
}

export function TopicSelect({ id, value, error, disabled, onChange }: TopicSelectProps) {
  const errorId = `${id}-error`;
  return (
    <div css={fieldWrap}>
      <label htmlFor={id} css={labelRow}>
        Topic
      </label>
      <select
        id={id}
        css={control}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
        data-autofocus
      >
        <option value="">{POSTS.selectTopic}</option>
        {TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {topic}
          </option>
        ))}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
