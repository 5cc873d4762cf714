/** A labelled text input with its error line (announced politely) and an optional control at its end. */
import { css } from '@emotion/react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldFocused } from '../../components/ui.ts';
import { theme } from '../../theme.ts';

const { color, radius } = theme;

const wrap = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const labelStyle = css`
  font-size: 0.875rem;
  font-weight: 600;
  color: ${color.text};
`;

const box = css`
  display: flex;
  align-items: center;
  min-height: 44px;
  border: 1px solid ${color.control};
  border-radius: ${radius.sm};
  background: ${color.surface};
  transition: border-color 120ms ease, box-shadow 120ms ease;
  &:focus-within {
    ${fieldFocused};
  }
  &[data-invalid='true'] {
    border-color: ${color.danger};
  }
  &[data-readonly='true'] {
    background: ${color.page};
  }
`;

const input = css`
  flex: 1;
  min-width: 0;
  height: 42px;
  padding: 0 12px;
  border: 0;
  outline: 0;
  background: transparent;
  font: inherit;
  font-size: 1rem;
  color: ${color.text};
  &::placeholder {
    color: ${color.muted};
  }
`;

const errorLine = css`
  margin: 0;
  min-height: 0;
  font-size: 0.8125rem;
  line-height: 1.35;
  color: ${color.danger};
  &:empty {
    display: none;
  }
`;

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children'> {
  id: string;
  label: string;
  value: string;
  error?: string;
  onValueChange?: (value: string) => void;
  /** A control shown inside the field, after the text (e.g. the reveal button). */
  trailing?: ReactNode;
}

export function TextField({
  id,
  label,
  value,
  error,
  onValueChange,
  trailing,
  readOnly,
  ...rest
}: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div css={wrap}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      <div css={box} data-invalid={error ? 'true' : undefined} data-readonly={readOnly ? 'true' : undefined}>
        <input
          {...rest}
          id={id}
          css={input}
          value={value}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={onValueChange ? (event) => onValueChange(event.target.value) : undefined}
        />
        {trailing}
      </div>
      <p id={errorId} css={errorLine} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

/** An e-mail input: the e-mail keyboard on phones and the browser's saved address. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'autoComplete'>) {
  return <TextField {...props} type="email" autoComplete="email" />;
}
