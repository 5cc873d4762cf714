/**
 * Route guard of the guest-only pages (/signin, /signup, /resetpassword; spec §2). It waits until the
 * silent session restore has settled, then tells the session about the visit; the session decides
 * (signed in: notice 'You are already logged in!' and a redirect to /). The rule lives in the machine.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSessionActor } from '../../system/hooks.ts';
import { ListRowsSkeleton } from '../components/Skeletons.tsx';

export function GuestOnly() {
  const session = useSessionActor();
  const settling = useSelector(session, (snapshot) => snapshot.hasTag('settling'));
  const { pathname } = useLocation();

  // One visit per guest page opened (not per session change: signing in on the page is no visit).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname marks a new visit
  useEffect(() => {
    if (!settling) session.send({ type: 'guest.visit' });
  }, [settling, session, pathname]);

  return settling ? <ListRowsSkeleton rows={3} label="Checking your session" /> : <Outlet />;
}
