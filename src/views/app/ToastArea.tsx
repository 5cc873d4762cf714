/** Mounts the toast area (QuadToaster, with react-hot-toast) once the first toast is asked for. */
import { lazy, Suspense } from 'react';
import { useToastsWanted } from './toasts.ts';

const QuadToaster = lazy(() => import('./QuadToaster.tsx').then((m) => ({ default: m.QuadToaster })));

export function ToastArea() {
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <QuadToaster />
    </Suspense>
  );
}
