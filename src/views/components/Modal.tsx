/**
 * A modal dialog: dims the page, keeps keyboard focus inside, and is dismissed by Escape or a press
 * outside the panel (spec: the welcome overlay and the create modal close on an outside click).
 */
import { css, keyframes } from '@emotion/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { theme } from '../theme.ts';
import { useDismiss } from './useDismiss.ts';

const fadeIn = keyframes`
  from { opacity: 0; transform: translateY(8px) scale(0.98); }
  to { opacity: 1; transform: none; }
`;

const backdrop = css`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: grid;
  place-items: center;
  padding: 16px;
  background: rgba(16, 24, 40, 0.48);
`;

const panel = css`
  position: relative;
  width: min(100%, 460px);
  max-height: calc(100dvh - 32px);
  overflow: auto;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.lg};
  box-shadow: ${theme.shadow.popup};
  &:focus {
    outline: none;
  }
  animation: ${fadeIn} 160ms ease-out;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  labelledBy: string;
  describedBy?: string;
  onDismiss: () => void;
  children: ReactNode;
}

export function Modal({ labelledBy, describedBy, onDismiss, children }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDismiss(panelRef, true, onDismiss);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panelRef.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panelRef.current;
    first?.focus();
    return () => before?.focus();
  }, []);

  // Tab and Shift+Tab cycle inside the dialog.
  useEffect(() => {
    const keepFocusInside = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !panelRef.current) return;
      const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panelRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', keepFocusInside);
    return () => document.removeEventListener('keydown', keepFocusInside);
  }, []);

  return (
    <div css={backdrop} data-testid="modal-backdrop">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        css={panel}
      >
        {children}
      </div>
    </div>
  );
}
