/** The routes' errorElement (spec §8 Router fallback): 'Unexpected Application Error!' with the status or message. */
import { css } from '@emotion/react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { SCREENS } from '../../domain/messages.ts';
import { primaryButton } from '../components/ui.ts';
import { theme } from '../theme.ts';
import { StatusScreen } from './StatusScreen.tsx';

function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

export function RouterFallback() {
  const error = useRouteError();
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
        {describeRouteError(error)}
      </code>
    </StatusScreen>
  );
}
