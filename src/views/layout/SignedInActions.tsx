/** The top bar's actions for a signed-in user: the bell and the account menu (loaded once signed in). */
import { AccountMenu } from './AccountMenu.tsx';
import { NotificationBell } from './NotificationBell.tsx';

export function SignedInActions() {
  return (
    <>
      <NotificationBell />
      <AccountMenu />
    </>
  );
}
