/** The app root: global styles, error boundary, the live actors, the router and the toast area. */
import { RouterProvider } from 'react-router-dom';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { AppActorsProvider } from './actors.tsx';
import { GlobalStyles } from './GlobalStyles.tsx';
import { notificationsPanelActor } from './live/notifications.ts';
import { searchActor } from './live/search.ts';
import { sessionActor } from './live/session.ts';
import { welcomeActor } from './live/welcome.ts';
import { QuadToaster } from './QuadToaster.tsx';
import { router } from './router.tsx';

const liveActors = {
  session: sessionActor,
  welcome: welcomeActor,
  notifications: notificationsPanelActor,
  search: searchActor,
};

export function App() {
  return (
    <>
      <GlobalStyles />
      <AppErrorBoundary>
        <AppActorsProvider actors={liveActors}>
          <RouterProvider router={router} />
        </AppActorsProvider>
      </AppErrorBoundary>
      <QuadToaster />
    </>
  );
}
