/** The frame of the room dialogs: a modal with a title, a close button and padded content. */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../theme.ts';
import { CloseIcon } from '../icons.tsx';
import { Modal, ModalTitle } from '../Modal.tsx';
import { iconButton } from '../ui.ts';

interface DialogFrameProps {
  title: string;
  /** A line under the title (e.g. the step). */
  subtitle?: string;
  /** Closing is refused while a call runs (the chart decides). */
  canClose: boolean;
  onClose: () => void;
  children: ReactNode;
}

export function DialogFrame({ title, subtitle, canClose, onClose, children }: DialogFrameProps) {
  return (
    <Modal onDismiss={onClose}>
      <div
        css={css`
          display: flex;
          align-items: flex-start;
          justify-content: space-between;
          gap: 8px;
          padding: 14px 12px 0 20px;
        `}
      >
        <div>
          <ModalTitle>
            <h2
              css={css`
                margin: 6px 0 0;
                font-size: 1.25rem;
              `}
            >
              {title}
            </h2>
          </ModalTitle>
          {subtitle ? (
            <p
              css={css`
                margin: 4px 0 0;
                color: ${theme.color.muted};
                font-size: 0.875rem;
              `}
            >
              {subtitle}
            </p>
          ) : null}
        </div>
        <button type="button" aria-label="Close" css={iconButton} disabled={!canClose} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div
        css={css`
          padding: 16px 20px 20px;
          ${theme.media.sm} {
            padding: 14px 14px 16px;
          }
        `}
      >
        {children}
      </div>
    </Modal>
  );
}
