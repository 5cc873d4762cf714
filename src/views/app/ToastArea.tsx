/** Mounts the toast area (QuadToaster, with react-hot-toast) once the first toast is asked for. */
import { Suspense } from 'react';
import { useToastsWanted } from '../../system/toasts.ts';
import { lazyNamed } from './lazyNamed.ts';

const QuadToaster = lazyNamed(() => import('./QuadToaster.tsx'), 'QuadToaster');

export function ToastArea() {
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <QuadToaster />
    </Suspense>
  );
}
