/** The confirmation dialog of spec §2 Other, with the product's button texts 'Cancle' and 'Confirm'. */
import { css } from '@emotion/react';
import { theme } from '../theme.ts';
import { Modal, ModalDescription, ModalTitle } from './Modal.tsx';
import { primaryButton, secondaryButton } from './ui.ts';

interface ConfirmDialogProps {
  /** e.g. 'Are you certain you want to delete this post? This can't be undone.' */
  message: string;
  title?: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** While the confirmed action runs. */
  busy?: boolean;
}

export function ConfirmDialog({
  message,
  title = 'Are you sure?',
  onCancel,
  onConfirm,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Modal described onDismiss={onCancel}>
      <div
        css={css`
          padding: 24px;
        `}
      >
        <ModalTitle>
          <h2
            css={css`
              margin: 0 0 8px;
              font-size: 1.125rem;
            `}
          >
            {title}
          </h2>
        </ModalTitle>
        <ModalDescription>
          <p
            css={css`
              margin: 0 0 24px;
              color: ${theme.color.muted};
              line-height: 1.5;
            `}
          >
            {message}
          </p>
        </ModalDescription>
        <div
          css={css`
            display: flex;
            justify-content: flex-end;
            gap: 12px;
          `}
        >
          <button type="button" css={secondaryButton} onClick={onCancel} data-autofocus>
            Cancle
          </button>
          <button
            type="button"
            css={[
              primaryButton,
              css`
                background: ${theme.color.danger};
                border-color: ${theme.color.danger};
              `,
            ]}
            onClick={onConfirm}
            disabled={busy}
          >
            Confirm
          </button>
        </div>
      </div>
    </Modal>
  );
}
