/** The app root: global styles, error boundary, the live actors, the router and the toast area. */
import { useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router-dom';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { AppActorsProvider } from './actors.tsx';
import { setNavigator } from './effects.ts';
import { GlobalStyles } from './GlobalStyles.tsx';
import { notificationsPanelActor } from './live/notifications.ts';
import { searchActor } from './live/search.ts';
import { sessionActor } from './live/session.ts';
import { welcomeActor } from './live/welcome.ts';
import { RateLimitNotice } from './RateLimitNotice.tsx';
import { routes } from './routes.tsx';
import { ToastArea } from './ToastArea.tsx';

const liveActors = {
  session: sessionActor,
  welcome: welcomeActor,
  notifications: notificationsPanelActor,
  search: searchActor,
};

/** The route table, with the router's navigate handed to the machines' effects (effects.ts). */
function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  return useRoutes(routes);
}

export function App() {
  return (
    <>
      <GlobalStyles />
      <AppErrorBoundary>
        <AppActorsProvider actors={liveActors}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppActorsProvider>
      </AppErrorBoundary>
      <ToastArea />
      <RateLimitNotice />
    </>
  );
}
