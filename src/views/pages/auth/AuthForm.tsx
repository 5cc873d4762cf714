/** The form every auth step is: no browser validation (the machine validates), and its wide submit button. */
import type { ReactNode } from 'react';
import { NeedsJavaScript } from '../../components/NeedsJavaScript.tsx';
import { primaryButton } from '../../components/ui.ts';
import { formStack, wideButton } from './AuthCard.tsx';

export function AuthForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      css={formStack}
      noValidate
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <NeedsJavaScript />
      {children}
    </form>
  );
}

/** Disabled while the machine refuses the submit; marked busy while its call runs. */
export function SubmitButton({
  enabled,
  busy,
  children,
}: {
  enabled: boolean;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" css={[primaryButton, wideButton]} disabled={!enabled} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
