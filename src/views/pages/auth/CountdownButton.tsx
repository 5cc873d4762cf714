/** 'Resend OTP (Ns)' while the countdown runs, 'Resend OTP' once it may be pressed. */
import { secondaryButton } from '../../components/ui.ts';

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
      css={[secondaryButton, { minHeight: 44 }]}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={onPress}
    >
      {resendLabel(secondsLeft, idleLabel)}
    </button>
  );
}
