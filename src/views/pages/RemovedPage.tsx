/**
 * A post, poll, room or account removed by moderators (docs/moderation.md): the server's 410 message,
 * 'Removed by moderators: {rule}', is the page's heading and the tab's name, with a link to the public
 * moderation log and Back to Home.
 */
import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { SCREENS } from '../../domain/messages.ts';
import { REPORT_REASONS, SAFETY } from '../../domain/safety.ts';
import { primaryButton, secondaryButton } from '../components/ui.ts';
import { StatusScreen } from './StatusScreen.tsx';

export function RemovedPage({ message }: { message: string | null }) {
  return (
    <StatusScreen
      title={message || SAFETY.removedBy(REPORT_REASONS.other)}
      action={
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            justify-content: center;
            gap: 12px;
          `}
        >
          <Link to="/" css={primaryButton}>
            {SCREENS.backHome}
          </Link>
          <Link to="/mod/log" css={secondaryButton}>
            Moderation log
          </Link>
        </div>
      }
    >
      <p css={css`margin: 0;`}>Quad’s moderators removed it for breaking this rule.</p>
    </StatusScreen>
  );
}
