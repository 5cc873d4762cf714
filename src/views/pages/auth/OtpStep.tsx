/**
 * The OTP step of the auth screens: the code field, 'Change email' (when the flow has one), the resend
 * countdown and the submit button. `OtpControls` only renders; `OtpStepForm` joins it to a flow whose
 * chart has the shared OTP step (src/machines/otpStep.ts): sign-up's `awaitingOtp`, reset's `otp`.
 */
import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRef, AnyMachineSnapshot } from 'xstate';
import { linkButton } from './AuthCard.tsx';
import { AuthForm, SubmitButton } from './AuthForm.tsx';
import { CountdownButton } from './CountdownButton.tsx';
import { OtpField } from './OtpField.tsx';

const actionsRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
`;

const resendOnly = css`
  display: flex;
  justify-content: flex-end;
`;

export interface OtpControlsProps {
  id: string;
  otp: string;
  error?: string;
  verifying: boolean;
  canVerify: boolean;
  onOtpChange: (value: string) => void;
  /** Seconds until Resend may be pressed, or null when no countdown runs. */
  secondsLeft: number | null;
  canResend: boolean;
  resending: boolean;
  onResend: () => void;
  /** The resend button's label when no countdown runs; 'Resend OTP' unless given. */
  resendLabel?: string;
  /** 'Change email', for flows that can go back to the address. */
  onChangeEmail?: () => void;
  submitLabel: string;
}

export function OtpControls(props: OtpControlsProps) {
  const resend = (
    <CountdownButton
      secondsLeft={props.secondsLeft}
      idleLabel={props.resendLabel}
      disabled={!props.canResend}
      busy={props.resending}
      onPress={props.onResend}
    />
  );
  return (
    <>
      <OtpField
        id={props.id}
        value={props.otp}
        error={props.error}
        disabled={props.verifying}
        onValueChange={props.onOtpChange}
      />
      {props.onChangeEmail ? (
        <div css={actionsRow}>
          <button type="button" css={linkButton} disabled={props.verifying} onClick={props.onChangeEmail}>
            Change email
          </button>
          {resend}
        </div>
      ) : (
        <div css={resendOnly}>{resend}</div>
      )}
      <SubmitButton enabled={props.canVerify} busy={props.verifying}>
        {props.submitLabel}
      </SubmitButton>
    </>
  );
}

type OtpStepEvent =
  | { type: 'otp.change'; value: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'email.change' };

type OtpStepSnapshot = AnyMachineSnapshot & {
  context: { otp: string; errors: { otp?: string }; secondsLeft: number };
};

/** The OTP step's form for a flow actor whose `step` state holds the `code` and `resend` regions. */
export function OtpStepForm({
  actor,
  step,
  id,
  submitLabel,
  children,
}: {
  actor: ActorRef<OtpStepSnapshot, OtpStepEvent>;
  step: string;
  id: string;
  submitLabel: string;
  /** Shown above the code, e.g. where it was sent. */
  children?: ReactNode;
}) {
  const otp = useSelector(actor, (s) => s.context.otp);
  const error = useSelector(actor, (s) => s.context.errors.otp);
  const verifying = useSelector(actor, (s) => s.matches({ [step]: { code: 'verifying' } }));
  const canVerify = useSelector(actor, (s) => s.can({ type: 'otp.submit' }));
  const counting = useSelector(actor, (s) => s.matches({ [step]: { resend: 'countingDown' } }));
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const canResend = useSelector(actor, (s) => s.can({ type: 'otp.resend' }));
  const resending = useSelector(actor, (s) => s.matches({ [step]: { resend: 'resending' } }));
  return (
    <AuthForm onSubmit={() => actor.send({ type: 'otp.submit' })}>
      {children}
      <OtpControls
        id={id}
        otp={otp}
        error={error}
        verifying={verifying}
        canVerify={canVerify}
        onOtpChange={(value) => actor.send({ type: 'otp.change', value })}
        secondsLeft={counting ? secondsLeft : null}
        canResend={canResend}
        resending={resending}
        onResend={() => actor.send({ type: 'otp.resend' })}
        onChangeEmail={() => actor.send({ type: 'email.change' })}
        submitLabel={submitLabel}
      />
    </AuthForm>
  );
}
