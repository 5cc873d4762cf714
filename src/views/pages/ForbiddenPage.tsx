/**
 * Shown for a private room the visitor has not joined (spec §2, §6) and for content of such a room:
 * 'Forbidden!' with 'Code 403'. The room page passes its Send Request button as `action` and its own
 * explanation as `message`.
 */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SCREENS } from '../../domain/messages.ts';
import { secondaryButton } from '../components/ui.ts';
import { StatusScreen } from './StatusScreen.tsx';

interface ForbiddenPageProps {
  /** What the visitor can do about it, shown before Back to Home. */
  action?: ReactNode;
  message?: ReactNode;
}

export function ForbiddenPage({ action, message }: ForbiddenPageProps = {}) {
  return (
    <StatusScreen
      title={SCREENS.forbiddenTitle}
      action={
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            justify-content: center;
            align-items: center;
            gap: 12px;
          `}
        >
          {action}
          <Link to="/" css={secondaryButton}>
            {SCREENS.backHome}
          </Link>
        </div>
      }
    >
      <p>{SCREENS.forbiddenCode}</p>
      <p>{message ?? 'This room is private. Ask a member to add you.'}</p>
    </StatusScreen>
  );
}
