/** 'Resend OTP (Ns)' while the countdown runs, 'Resend OTP' once it may be pressed. */
import { css } from '@emotion/react';
import { secondaryButton } from '../../components/ui.ts';
import { theme } from '../../theme.ts';

// Compact on phones, so that 'Change email' and 'Resend OTP (60s)' share one row at 375 px.
const resendButton = css`
  min-height: 44px;
  white-space: nowrap;
  ${theme.media.sm} {
    padding: 0 14px;
    font-size: 0.875rem;
  }
`;

export function resendLabel(secondsLeft: number | null, idle = 'Resend OTP'): string {
  return secondsLeft === null ? idle : `Resend OTP (${secondsLeft}s)`;
}

export function CountdownButton({
  secondsLeft,
  idleLabel,
  disabled,
  busy,
  onPress,
}: {
  /** Seconds until the button may be pressed, or null when no countdown runs. */
  secondsLeft: number | null;
  idleLabel?: string;
  disabled: boolean;
  busy?: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      css={[secondaryButton, resendButton]}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={onPress}
    >
      {resendLabel(secondsLeft, idleLabel)}
    </button>
  );
}
