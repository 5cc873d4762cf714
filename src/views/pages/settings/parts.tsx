/** The settings page's building blocks: a titled section card and an on/off switch. */
import { css } from '@emotion/react';
import { type ReactNode, useId } from 'react';
import { card, focusRing } from '../../components/ui.ts';
import { theme } from '../../theme.ts';

const { color, radius } = theme;

/** A card with a heading and a short lead; `tone="danger"` for the account's deletion. */
export function SettingsSection({
  title,
  lead,
  tone = 'plain',
  children,
}: {
  title: string;
  lead?: string;
  tone?: 'plain' | 'danger';
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      css={[
        card,
        css`
          display: flex;
          flex-direction: column;
          gap: 16px;
          padding: 20px 22px 22px;
          ${theme.media.sm} {
            padding: 16px 14px 18px;
          }
        `,
        tone === 'danger' &&
          css`
            border-color: #f5c2bd;
          `,
      ]}
    >
      <div>
        <h2
          id={id}
          css={css`
            margin: 0;
            font-size: 1.0625rem;
            color: ${tone === 'danger' ? color.danger : color.text};
          `}
        >
          {title}
        </h2>
        {lead ? (
          <p
            css={css`
              margin: 4px 0 0;
              color: ${color.muted};
              font-size: 0.875rem;
              line-height: 1.45;
            `}
          >
            {lead}
          </p>
        ) : null}
      </div>
      {children}
    </section>
  );
}

const track = css`
  position: relative;
  flex: none;
  width: 40px;
  height: 24px;
  padding: 0;
  border: 0;
  border-radius: ${radius.pill};
  background: ${color.control};
  cursor: pointer;
  transition: background-color 150ms ease;
  ${focusRing};
  &::after {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 18px;
    height: 18px;
    border-radius: 50%;
    background: #fff;
    box-shadow: 0 1px 2px rgba(16, 24, 40, 0.25);
    transition: transform 150ms ease;
  }
  &[aria-checked='true'] {
    background: ${color.brandDark};
  }
  &[aria-checked='true']::after {
    transform: translateX(16px);
  }
  &:disabled {
    background: ${color.disabledFill};
    cursor: not-allowed;
  }
  &:disabled::after {
    background: ${color.disabledText};
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &::after {
      transition: none;
    }
  }
`;

/** A labelled on/off switch; `note` explains why it is off limits. */
export function Switch({
  label,
  checked,
  disabled,
  note,
  onToggle,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  note?: string;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <div
      css={css`
        display: flex;
        align-items: center;
        gap: 12px;
      `}
    >
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={note ? `${id}-note` : undefined}
        css={track}
        onClick={onToggle}
      />
      <div
        css={css`
          display: flex;
          flex-direction: column;
          gap: 2px;
          line-height: 1.35;
        `}
      >
        <label
          htmlFor={id}
          css={css`
            font-size: 0.9375rem;
            cursor: ${disabled ? 'default' : 'pointer'};
          `}
        >
          {label}
        </label>
        {note ? (
          <span
            id={`${id}-note`}
            css={css`
              color: ${color.muted};
              font-size: 0.8125rem;
            `}
          >
            {note}
          </span>
        ) : null}
      </div>
    </div>
  );
}
