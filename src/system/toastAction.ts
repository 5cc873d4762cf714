/**
 * A toast's text with a button after it (a Notice's `action`, e.g. Undo after hiding a post): the
 * button runs the action and takes the toast away. Plain elements, so the toast library stays the
 * only thing loaded with the first toast.
 */
import { createElement, type ReactElement } from 'react';
import type { Notice } from '../machines/effects.ts';

const buttonStyle = {
  minHeight: 32,
  marginLeft: 8,
  padding: '0 8px',
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 700,
  textDecoration: 'underline',
  cursor: 'pointer',
} as const;

export function toastWithAction(
  text: string,
  action: NonNullable<Notice['action']>,
  dismiss: () => void,
): ReactElement {
  return createElement(
    'span',
    null,
    text,
    createElement(
      'button',
      {
        type: 'button',
        style: buttonStyle,
        onClick: () => {
          dismiss();
          action.run();
        },
      },
      action.label,
    ),
  );
}
