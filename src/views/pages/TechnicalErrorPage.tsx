/** What a render failure outside the routes shows (spec §2): rendered by the app's error boundary. */
import { css } from '@emotion/react';
import { SCREENS } from '../../domain/messages.ts';
import { primaryButton, secondaryButton } from '../components/ui.ts';
import { StatusScreen } from './StatusScreen.tsx';

export function TechnicalErrorPage() {
  return (
    <main
      css={css`
        padding: 16px;
      `}
    >
      <StatusScreen
        title={SCREENS.technicalError}
        action={
          <div
            css={css`
              display: flex;
              gap: 12px;
              flex-wrap: wrap;
              justify-content: center;
            `}
          >
            <button type="button" css={primaryButton} onClick={() => window.location.reload()}>
              Reload
            </button>
            {/* A full page load: the router may be what failed. */}
            <a href="/" css={secondaryButton}>
              {SCREENS.backHome}
            </a>
          </div>
        }
      >
        <p>Something broke while showing this page. Reloading usually helps.</p>
      </StatusScreen>
    </main>
  );
}
