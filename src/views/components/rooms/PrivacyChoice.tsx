/** Step 2 of Create Room (spec §2 Create Room flow): 'Open For All' (public) or 'Only You can add people' (private), as radio cards. */
import { css } from '@emotion/react';
import { ROOMS } from '../../../domain/messages.ts';
import { theme } from '../../theme.ts';

const choices = [
  { privateRoom: false, label: ROOMS.openForAll, hint: 'Public: anyone can find the room and join it.' },
  {
    privateRoom: true,
    label: ROOMS.onlyYou,
    hint: 'Private: people send a request, or you invite them.',
  },
] as const;

const card = css`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 14px;
  border: 1px solid ${theme.color.control};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  cursor: pointer;
  transition:
    border-color 120ms ease,
    background-color 120ms ease;
  &:hover {
    border-color: ${theme.color.brand};
  }
  &:has(input:checked) {
    border-color: ${theme.color.brand};
    background: ${theme.color.brandSoft};
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  &:has(input:disabled) {
    cursor: not-allowed;
    opacity: 0.7;
  }
`;

interface PrivacyChoiceProps {
  name: string;
  privateRoom: boolean;
  disabled: boolean;
  onChoose: (privateRoom: boolean) => void;
}

export function PrivacyChoice({ name, privateRoom, disabled, onChoose }: PrivacyChoiceProps) {
  return (
    <fieldset
      css={css`
        display: flex;
        flex-direction: column;
        gap: 10px;
        margin: 0;
        padding: 0;
        border: 0;
        min-width: 0;
      `}
    >
      <legend
        css={css`
          margin-bottom: 10px;
          padding: 0;
          font-size: 0.875rem;
          font-weight: 600;
        `}
      >
        Who can join the room?
      </legend>
      {choices.map((choice) => (
        <label key={String(choice.privateRoom)} css={card}>
          <input
            type="radio"
            name={name}
            checked={privateRoom === choice.privateRoom}
            disabled={disabled}
            data-autofocus={privateRoom === choice.privateRoom || undefined}
            onChange={() => onChoose(choice.privateRoom)}
            css={css`
              margin: 3px 0 0;
              width: 18px;
              height: 18px;
              accent-color: ${theme.color.brand};
              flex: none;
            `}
          />
          <span
            css={css`
              display: flex;
              flex-direction: column;
              gap: 4px;
            `}
          >
            <span
              css={css`
                font-weight: 700;
              `}
            >
              {choice.label}
            </span>
            <span
              css={css`
                font-size: 0.875rem;
                color: ${theme.color.muted};
                line-height: 1.4;
              `}
            >
              {choice.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
