/** The app root: global styles, error boundary, the actor system, the router and the toast area. */
import { type ReactNode, useEffect } from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  type HistoryRouterProps,
  useRoutes,
} from 'react-router-dom';
import { QuadSystemProvider } from '../../system/QuadSystemProvider.tsx';
import type { QuadSystem } from '../../system/quadSystem.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { GlobalStyles } from './GlobalStyles.tsx';
import { routes } from './routes.tsx';
import { ToastArea } from './ToastArea.tsx';

/** The screens of the route table, under whichever router `AppFrame` is given. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Marks the page once the app runs it (`<html data-hydrated>`): before, a server-drawn button does
 * nothing when pressed. Journeys in a browser wait for it after opening a page.
 */
function useMarkRunning(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/**
 * Everything around the router, the same in the browser and in the server's render (the server gives
 * it a static router at the requested address: server/render), so hydration finds the same tree.
 */
export function AppFrame({ system, children }: { system: QuadSystem; children: ReactNode }) {
  useMarkRunning();
  return (
    <>
      <GlobalStyles />
      <AppErrorBoundary>
        <QuadSystemProvider system={system}>{children}</QuadSystemProvider>
      </AppErrorBoundary>
      <ToastArea />
    </>
  );
}

/**
 * The router follows a history object made in main.tsx, which the platform's `navigate` also moves:
 * the machines navigate without a global, and the app keeps the light declarative router (a data
 * router would add about 18 KB gzip to the first load).
 */
export function App({ system, history }: { system: QuadSystem; history: HistoryRouterProps['history'] }) {
  return (
    <AppFrame system={system}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppFrame>
  );
}
