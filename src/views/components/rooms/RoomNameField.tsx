/**
 * The room-name field of the Create Room and rename dialogs (spec §4 Room name availability): the name
 * with its live counter n/25, and one line under it, announced, that tells the rule broken, the check
 * running, or whether the name is available. The line comes from the chart (roomName.ts).
 */
import { css } from '@emotion/react';
import { LIMITS } from '../../../domain/constants.ts';
import {
  type RoomNameCheck,
  type RoomNameStatus,
  type RoomNameTone,
  roomNameLine,
} from '../../../machines/roomName.ts';
import { control, fieldWrap, labelRow } from '../../pages/create/formParts.tsx';
import { theme } from '../../theme.ts';

const toneColor: Record<RoomNameTone, string> = {
  error: theme.color.danger,
  success: theme.color.success,
  muted: theme.color.muted,
};

interface RoomNameFieldProps {
  id: string;
  name: string;
  status: RoomNameStatus;
  check: RoomNameCheck | null;
  disabled: boolean;
  onChange: (value: string) => void;
}

export function RoomNameField({ id, name, status, check, disabled, onChange }: RoomNameFieldProps) {
  const line = roomNameLine(status, check, name);
  const count = name.length;
  return (
    <div css={fieldWrap}>
      <label htmlFor={id} css={labelRow}>
        Name
        <span
          id={`${id}-count`}
          css={css`
            font-weight: 500;
            font-variant-numeric: tabular-nums;
            color: ${count >= LIMITS.roomNameMax ? theme.color.danger : theme.color.muted};
          `}
        >
          {count}/{LIMITS.roomNameMax}
        </span>
      </label>
      <div
        css={css`
          position: relative;
        `}
      >
        <span
          aria-hidden="true"
          css={css`
            position: absolute;
            left: 12px;
            top: 50%;
            transform: translateY(-50%);
            color: ${theme.color.muted};
            font-weight: 600;
          `}
        >
          q/
        </span>
        <input
          id={id}
          data-autofocus
          css={[
            control,
            css`
              padding-left: 32px;
            `,
          ]}
          value={name}
          maxLength={LIMITS.roomNameMax}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          placeholder="room_name"
          aria-invalid={line?.tone === 'error' ? true : undefined}
          aria-describedby={`${id}-count ${id}-status`}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p
        id={`${id}-status`}
        aria-live="polite"
        data-tone={line?.tone}
        css={css`
          margin: 0;
          min-height: 1.1em;
          font-size: 0.8125rem;
          line-height: 1.35;
          font-weight: 500;
          color: ${line ? toneColor[line.tone] : theme.color.muted};
        `}
      >
        {line?.text ?? ''}
      </p>
    </div>
  );
}
