/** The pieces the create forms share: labelled fields with a counter and an announced error line. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { NeedsJavaScript } from '../../components/NeedsJavaScript.tsx';
import { fieldFocused, primaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';

const { color, radius } = theme;

const formStack = css`
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

export const fieldWrap = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

export const labelRow = css`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 8px;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${color.text};
`;

export const control = css`
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  border: 1px solid ${color.control};
  border-radius: ${radius.sm};
  background: ${color.surface};
  font: inherit;
  font-size: 1rem;
  color: ${color.text};
  transition: border-color 120ms ease, box-shadow 120ms ease;
  &:focus {
    ${fieldFocused};
  }
  &[aria-invalid='true'] {
    border-color: ${color.danger};
  }
  &:disabled {
    background: ${color.page};
  }
  &::placeholder {
    color: ${color.muted};
  }
`;

const textArea = css`
  ${control};
  resize: vertical;
  line-height: 1.5;
`;

const errorLine = css`
  margin: 0;
  font-size: 0.8125rem;
  line-height: 1.35;
  color: ${color.danger};
  &:empty {
    display: none;
  }
`;

/** The error of a field, announced when it appears. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  return (
    <p id={id} css={errorLine} aria-live="polite">
      {children ?? ''}
    </p>
  );
}

/** 'count/limit', read out as part of the field's description. */
function Counter({ id, count, limit }: { id: string; count: number; limit: number }) {
  return (
    <span
      id={id}
      css={css`
        font-weight: 500;
        font-variant-numeric: tabular-nums;
        color: ${count >= limit ? color.danger : color.muted};
      `}
    >
      {count}/{limit}
    </span>
  );
}

/** A create form: submitting it sends `onSubmit` (the page does not reload). */
export function CreateForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      css={formStack}
      noValidate
      method="post"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <NeedsJavaScript />
      {children}
    </form>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  /** Shows 'count/limit' and stops typing at the limit. */
  limit?: number;
  /** A textarea of that many rows; a one-line input without. */
  rows?: number;
  disabled: boolean;
  placeholder: string;
  /** The id of a further description (a hint shown beside the field). */
  describedBy?: string;
  onChange: (value: string) => void;
}

/** A labelled text field with its optional counter and its announced error line. */
export function TextField({
  id,
  label,
  value,
  error,
  limit,
  rows,
  disabled,
  placeholder,
  describedBy,
  onChange,
}: TextFieldProps) {
  const field = {
    id,
    value,
    maxLength: limit,
    disabled,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [limit === undefined ? null : `${id}-count`, `${id}-error`, describedBy]
      .filter(Boolean)
      .join(' '),
  };
  return (
    <div css={fieldWrap}>
      <label htmlFor={id} css={labelRow}>
        {label}
        {limit !== undefined && <Counter id={`${id}-count`} count={value.length} limit={limit} />}
      </label>
      {rows === undefined ? (
        <input css={control} {...field} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <textarea css={textArea} rows={rows} {...field} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** The form's submit button: refused while the chart refuses `form.submit`, marked busy while sending. */
export function SubmitButton({
  busy,
  allowed,
  children,
}: {
  busy: boolean;
  allowed: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" css={primaryButton} disabled={busy || !allowed} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}

export function FormActions({ children }: { children: ReactNode }) {
  return (
    <div
      css={css`
        display: flex;
        flex-wrap: wrap;
        justify-content: flex-end;
        gap: 10px;
        padding-top: 4px;
      `}
    >
      {children}
    </div>
  );
}
