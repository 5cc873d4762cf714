/** The app root: global styles, error boundary, the actor system, the router and the toast area. */
import { RouterProvider } from 'react-router-dom';
import { QuadSystemProvider } from '../../system/QuadSystemProvider.tsx';
import type { QuadSystem } from '../../system/quadSystem.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { GlobalStyles } from './GlobalStyles.tsx';
import { ToastArea } from './ToastArea.tsx';

type Router = Parameters<typeof RouterProvider>[0]['router'];

export function App({ system, router }: { system: QuadSystem; router: Router }) {
  return (
    <>
      <GlobalStyles />
      <AppErrorBoundary>
        <QuadSystemProvider system={system}>
          <RouterProvider router={router} />
        </QuadSystemProvider>
      </AppErrorBoundary>
      <ToastArea />
    </>
  );
}
