/**
 * Where the screens render inside the shell: a skeleton while a screen's code loads, and the router
 * fallback when a screen fails.
 */
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { FeedSkeleton } from '../components/Skeletons.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

export function ScreenFrame() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary path={pathname}>
      <Suspense fallback={<FeedSkeleton items={2} />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
