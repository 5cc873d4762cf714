/**
 * The screen failure (spec §8 Router fallback): 'Unexpected Application Error!' with the message. A
 * page whose code is gone (a new version was deployed while this tab was open) is loaded again once
 * instead.
 */
import { css } from '@emotion/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { SCREENS } from '../../domain/messages.ts';
import { primaryButton } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { StatusScreen } from './StatusScreen.tsx';

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

const RELOADED_KEY = 'quad.reloadedForNewVersion';

/** The browsers' messages for a code-split chunk that could not be fetched. */
const isStaleChunk = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

/** Reloads the page once for a stale chunk; a second failure in the same tab is shown. */
function useReloadForNewVersion(error: unknown): boolean {
  const stale = isStaleChunk(error) && sessionStorage.getItem(RELOADED_KEY) === null;
  useEffect(() => {
    if (!stale) return;
    sessionStorage.setItem(RELOADED_KEY, '1');
    window.location.reload();
  }, [stale]);
  return stale;
}

export function RouterFallback({ error }: { error: unknown }) {
  if (useReloadForNewVersion(error)) return null;
  return (
    <StatusScreen
      title={SCREENS.routerFallback}
      action={
        <Link to="/" css={primaryButton} reloadDocument>
          {SCREENS.backHome}
        </Link>
      }
    >
      <code
        css={css`
          display: block;
          padding: 10px 14px;
          border-radius: ${theme.radius.sm};
          background: ${theme.color.page};
          color: ${theme.color.text};
          font-size: 0.875rem;
          word-break: break-word;
        `}
      >
        {describeError(error)}
      </code>
    </StatusScreen>
  );
}
