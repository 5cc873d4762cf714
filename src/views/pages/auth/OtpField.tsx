/** The one-time code input: digits only on phones, filled by the OS from the mail when it can. */
import { LIMITS } from '../../../domain/constants.ts';
import { TextField } from './TextField.tsx';

export function OtpField({
  id,
  value,
  error,
  disabled,
  onValueChange,
}: {
  id: string;
  value: string;
  error?: string;
  disabled?: boolean;
  onValueChange: (value: string) => void;
}) {
  return (
    <TextField
      id={id}
      label="OTP"
      value={value}
      error={error}
      disabled={disabled}
      onValueChange={onValueChange}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={LIMITS.otpLength}
      placeholder={'•'.repeat(LIMITS.otpLength)}
      css={{ letterSpacing: '0.3em' }}
    />
  );
}
