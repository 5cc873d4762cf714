/** A password input whose eye reveals the text only while it is pressed and held (spec §2). */
import { css } from '@emotion/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../../components/icons.tsx';
import { theme } from '../../theme.ts';
import { TextField, type TextFieldProps } from './TextField.tsx';

const eye = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 42px;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.color.muted};
  cursor: pointer;
  touch-action: none;
  user-select: none;
  -webkit-touch-callout: none;
  &:hover {
    color: ${theme.color.text};
  }
  &:focus-visible {
    outline: 2px solid ${theme.color.focus};
    outline-offset: -4px;
    border-radius: 8px;
  }
`;

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

export function PasswordField(props: PasswordFieldProps) {
  // Whether the text is shown is a matter of this control alone, not of the flow.
  const [revealed, setRevealed] = useState(false);
  const show = () => setRevealed(true);
  const hide = () => setRevealed(false);
  const holdKey = (key: string) => key === ' ' || key === 'Enter';
  return (
    <TextField
      {...props}
      type={revealed ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          css={eye}
          aria-label="Hold to show password"
          aria-pressed={revealed}
          aria-controls={props.id}
          onPointerDown={show}
          onPointerUp={hide}
          onPointerLeave={hide}
          onPointerCancel={hide}
          onBlur={hide}
          onKeyDown={(event) => {
            if (holdKey(event.key)) {
              event.preventDefault();
              show();
            }
          }}
          onKeyUp={(event) => {
            if (holdKey(event.key)) hide();
          }}
          onContextMenu={(event) => event.preventDefault()}
        >
          {revealed ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
