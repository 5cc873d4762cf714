import { Link } from 'react-router-dom';
import { SCREENS } from '../../domain/messages.ts';
import { primaryButton } from '../components/ui.ts';
import { StatusScreen } from './StatusScreen.tsx';

export function NotFoundPage() {
  return (
    <StatusScreen
      code="404"
      title={SCREENS.notFoundTitle}
      action={
        <Link to="/" css={primaryButton}>
          {SCREENS.backHome}
        </Link>
      }
    >
      <p>{SCREENS.notFoundBody}</p>
    </StatusScreen>
  );
}
