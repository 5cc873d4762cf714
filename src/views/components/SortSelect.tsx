/**
 * The sort control of a thread or a list (issue 33 "Sort"): a native select under the visible label
 * 'Sort by', so its name is the label's text, the keyboard works as the platform's, and it fits at 375 px.
 */
import { css } from '@emotion/react';
import { useId } from 'react';
import { SORTING } from '../../domain/sorting.ts';
import { theme } from '../theme.ts';
import { fieldFocused } from './ui.ts';

interface SortSelectProps<V extends string> {
  value: V;
  choices: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  /** A new order is on its way. */
  busy?: boolean;
}

const row = css`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 0.875rem;
`;

const select = css`
  min-height: 36px;
  padding: 0 10px;
  border: 1px solid ${theme.color.control};
  border-radius: ${theme.radius.sm};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  font: inherit;
  &:focus-visible {
    ${fieldFocused};
  }
`;

export function SortSelect<V extends string>({ value, choices, onChange, busy }: SortSelectProps<V>) {
  const id = useId();
  return (
    <div css={row}>
      <label htmlFor={id} css={css`color: ${theme.color.muted}; font-weight: 600;`}>
        {SORTING.label}
      </label>
      <select
        id={id}
        css={select}
        value={value}
        aria-busy={busy || undefined}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
