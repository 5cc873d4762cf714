/**
 * Settings at /setting/ (spec §2 Settings). It waits for the silent session restore; a signed-in user
 * gets their settings, a visitor a prompt to sign in (see docs/decisions.md, Settings (client)).
 */
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { SETTINGS } from '../../domain/peopleMessages.ts';
import { useSessionActor } from '../../system/hooks.ts';
import { ListRowsSkeleton } from '../components/Skeletons.tsx';
import { primaryButton } from '../components/ui.ts';
import { StatusScreen } from './StatusScreen.tsx';
import { SettingsScreen } from './settings/SettingsScreen.tsx';

export function SettingsPage() {
  const session = useSessionActor();
  const settling = useSelector(session, (s) => s.hasTag('settling'));
  const user = useSelector(session, (s) => s.context.user);
  if (settling) return <ListRowsSkeleton rows={7} label="Loading settings" />;
  if (!user) {
    return (
      <StatusScreen
        title={SETTINGS.signInTitle}
        action={
          <Link to="/signin" css={primaryButton}>
            {SETTINGS.signIn}
          </Link>
        }
      >
        <p>{SETTINGS.signInBody}</p>
      </StatusScreen>
    );
  }
  return <SettingsScreen key={user.userID} user={user} />;
}
