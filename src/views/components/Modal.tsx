/**
 * A modal dialog on Radix Dialog (docs/decisions.md "Radix UI primitives"): it dims the page, keeps
 * keyboard focus inside, hides the rest of the page from assistive technology, gives focus back to
 * where it was when it closes, and is dismissed by Escape or a press outside the panel (spec: the
 * welcome overlay and the create modal close on an outside click). The caller's heading is wrapped in
 * `ModalTitle` (and a line saying more in `ModalDescription`), which names (and describes) the dialog.
 * Focus starts on the first control, or on the one marked `data-autofocus`.
 *
 * Radix Dialog weighs about 13 kB gzip, so no module of the first load imports this one: each dialog
 * is in a screen loaded on demand or is itself imported when it first opens.
 */
import { css, keyframes } from '@emotion/react';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactElement, type ReactNode, useState } from 'react';
import { theme } from '../theme.ts';

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
  overflow-y: auto;
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

const stillPanel = css`
  animation: none;
`;

interface ModalProps {
  onDismiss: () => void;
  /**
   * In place instead of in a portal on <body>: a dialog open at the first paint (the welcome) then
   * comes with the server's HTML, since a portal renders only in the browser. Without scripts it
   * could not be closed, so index.html hides it then (`data-needs-script`).
   */
  inPlace?: boolean;
  /** Whether the content has a `ModalDescription`. */
  described?: boolean;
  children: ReactNode;
}

export function Modal({ onDismiss, inPlace = false, described = false, children }: ModalProps) {
  // Radix gives focus back to a Dialog.Trigger; these dialogs are opened by the app's state instead,
  // so focus goes back to what had it when the dialog opened (the ⋯ button, the Post link...).
  const [openedFrom] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
    >
      <MaybePortal inPlace={inPlace}>
        {/* The panel sits in the backdrop, so a long dialog scrolls with it; a press on it is outside. */}
        <Dialog.Overlay css={backdrop} data-testid="modal-backdrop" data-needs-script={inPlace || undefined}>
          <Dialog.Content
            // One drawn with the page is there at the first paint: fading it in would only delay that paint.
            css={[panel, inPlace && stillPanel]}
            // Without a description Radix is told so (it would point aria-describedby at nothing).
            {...(described ? {} : { 'aria-describedby': undefined })}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              openedFrom?.focus();
            }}
            onOpenAutoFocus={(event) => {
              const marked = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
                '[data-autofocus]',
              );
              if (!marked) return;
              event.preventDefault();
              marked.focus();
            }}
          >
            {children}
          </Dialog.Content>
        </Dialog.Overlay>
      </MaybePortal>
    </Dialog.Root>
  );
}

function MaybePortal({ inPlace, children }: { inPlace: boolean; children: ReactNode }) {
  return inPlace ? children : <Dialog.Portal>{children}</Dialog.Portal>;
}

/** The dialog's heading (the caller's own `h1`/`h2`), which names it. */
export function ModalTitle({ children }: { children: ReactElement }) {
  return <Dialog.Title asChild>{children}</Dialog.Title>;
}

/** A line under the heading that describes the dialog (with `described` on the Modal). */
export function ModalDescription({ children }: { children: ReactElement }) {
  return <Dialog.Description asChild>{children}</Dialog.Description>;
}
