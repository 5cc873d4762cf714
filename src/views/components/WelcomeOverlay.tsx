/**
 * The one-time welcome overlay (spec §2 Other), driven by the welcome actor's 'visible' tag. Its
 * dialog (and Radix Dialog under it) loads only when it is shown: returning visitors never fetch it.
 */
import { useSelector } from '@xstate/react';
import { Suspense, useCallback } from 'react';
import { useWelcomeActor } from '../../system/hooks.ts';
import { lazyNamed } from '../app/lazyNamed.ts';

const WelcomeDialog = lazyNamed(() => import('./WelcomeDialog.tsx'), 'WelcomeDialog');

export function WelcomeOverlay() {
  const welcome = useWelcomeActor();
  const visible = useSelector(welcome, (snapshot) => snapshot.hasTag('visible'));
  const dismiss = useCallback(() => welcome.send({ type: 'welcome.dismiss' }), [welcome]);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog onDismiss={dismiss} />
    </Suspense>
  );
}
