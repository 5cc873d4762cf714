/** Shown for a private room the visitor has not joined (spec §2, §6). */
import { Link } from 'react-router-dom';
import { SCREENS } from '../../domain/messages.ts';
import { secondaryButton } from '../components/ui.ts';
import { StatusScreen } from './StatusScreen.tsx';

export function ForbiddenPage() {
  return (
    <StatusScreen
      title={SCREENS.forbiddenTitle}
      action={
        <Link to="/" css={secondaryButton}>
          {SCREENS.backHome}
        </Link>
      }
    >
      <p>{SCREENS.forbiddenCode}</p>
      <p>This room is private. Ask a member to add you.</p>
    </StatusScreen>
  );
}
