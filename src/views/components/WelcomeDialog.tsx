/** The welcome overlay's dialog (spec §2 Other), loaded when it is first shown (WelcomeOverlay.tsx). */
import { css } from '@emotion/react';
import { theme } from '../theme.ts';
import { CloseIcon } from './icons.tsx';
import { Modal, ModalTitle } from './Modal.tsx';
import { quadPoints as points } from './quadPoints.ts';
import { iconButton, primaryButton } from './ui.ts';

export function WelcomeDialog({ onDismiss: dismiss }: { onDismiss: () => void }) {
  return (
    <Modal onDismiss={dismiss} inPlace>
      <div
        css={css`
          padding: 28px 24px 24px;
        `}
      >
        <button
          type="button"
          aria-label="Close"
          onClick={dismiss}
          css={[
            iconButton,
            css`
              position: absolute;
              top: 12px;
              right: 12px;
            `,
          ]}
        >
          <CloseIcon />
        </button>
        <img src="/logo.svg" alt="" width={48} height={48} />
        <ModalTitle>
          <h2
            css={css`
              margin: 12px 0 6px;
              font-size: 1.375rem;
            `}
          >
            Welcome to Quad!
          </h2>
        </ModalTitle>
        <p
          css={css`
            margin: 0 0 18px;
            color: ${theme.color.muted};
            line-height: 1.5;
          `}
        >
          The anonymous discussion board of our college. Say what you think, ask what you wonder.
        </p>
        <ul
          css={css`
            display: flex;
            flex-direction: column;
            gap: 14px;
            margin: 0 0 24px;
            padding: 0;
            list-style: none;
          `}
        >
          {points.map((point) => (
            <li
              key={point.title}
              css={css`
                display: flex;
                gap: 12px;
                align-items: flex-start;
              `}
            >
              <span
                aria-hidden="true"
                css={css`
                  display: grid;
                  place-items: center;
                  flex: none;
                  width: 36px;
                  height: 36px;
                  border-radius: ${theme.radius.md};
                  background: ${theme.color.brandSoft};
                  color: ${theme.color.brandDark};
                `}
              >
                <point.Icon size={20} />
              </span>
              <span>
                <strong
                  css={css`
                    display: block;
                    margin-bottom: 2px;
                  `}
                >
                  {point.title}
                </strong>
                <span
                  css={css`
                    color: ${theme.color.muted};
                    font-size: 0.9375rem;
                    line-height: 1.45;
                  `}
                >
                  {point.text}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={dismiss}
          css={[
            primaryButton,
            css`
              width: 100%;
            `,
          ]}
        >
          Let's go
        </button>
      </div>
    </Modal>
  );
}
