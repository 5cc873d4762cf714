/** The pieces the create forms share: labelled fields with a counter and an announced error line. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../theme.ts';

const { color, radius } = theme;

export const formStack = css`
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
  border: 1px solid ${color.border};
  border-radius: ${radius.sm};
  background: ${color.surface};
  font: inherit;
  font-size: 1rem;
  color: ${color.text};
  transition: border-color 120ms ease, box-shadow 120ms ease;
  &:focus {
    outline: none;
    border-color: ${color.brand};
    box-shadow: 0 0 0 3px ${color.brandSoft};
  }
  &[aria-invalid='true'] {
    border-color: ${color.danger};
  }
  &:disabled {
    background: ${color.page};
  }
  &::placeholder {
    color: ${color.muted};
    opacity: 0.8;
  }
`;

export const textArea = css`
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
export function Counter({ id, count, limit }: { id: string; count: number; limit: number }) {
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
