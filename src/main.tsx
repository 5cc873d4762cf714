/**
 * Starts the app in the browser: builds the one actor system on the real API and browser (nothing runs
 * until the app mounts) and hydrates the page the server rendered, its actors starting from the
 * snapshots embedded with it (system/firstScreen.ts). A page the server did not render is rendered here.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { httpApi } from './system/api.ts';
import { browserPlatform } from './system/browserPlatform.ts';
import { firstScreenOf, leavingFirstScreen, readFirstScreen } from './system/firstScreen.ts';
import { browserInspect } from './system/inspector.ts';
import { createQuadSystem } from './system/quadSystem.ts';
import { App } from './views/app/App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The history the router follows, so that the machines' `navigate` can move it from outside React.
const rendered = readFirstScreen(document);
const firstScreen = firstScreenOf(rendered);
const history = leavingFirstScreen(createBrowserHistory({ v5Compat: true }), firstScreen);
const platform = browserPlatform(history);
const system = createQuadSystem(httpApi, platform, { inspect: browserInspect(), firstScreen });

const app = (
  <StrictMode>
    <App system={system} history={history} />
  </StrictMode>
);
if (rendered) {
  hydrateRoot(container, app);
  for (const notice of firstScreen.notices()) platform.notify(notice);
} else {
  createRoot(container).render(app);
}
