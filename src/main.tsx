/**
 * Starts the app: asks for the first screen's data, builds the one actor system on the real API and
 * browser (nothing runs until the app mounts), and renders.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { httpApi } from './system/api.ts';
import { browserPlatform } from './system/browserPlatform.ts';
import { browserInspect } from './system/inspector.ts';
import { createQuadSystem } from './system/quadSystem.ts';
import { prefetchScreenData } from './system/screenData.ts';
import { App } from './views/app/App.tsx';

const firstScreenReady = prefetchScreenData(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The history the router follows, so that the machines' `navigate` can move it from outside React.
const history = createBrowserHistory({ v5Compat: true });
const system = createQuadSystem(httpApi, browserPlatform(history), { inspect: browserInspect() });

// The first render waits a little for the screen's data, so that it draws the screen in one pass.
await firstScreenReady;
createRoot(container).render(
  <StrictMode>
    <App system={system} history={history} />
  </StrictMode>,
);
