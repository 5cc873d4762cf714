/**
 * Starts the app in the browser: builds the one actor system on the real API and browser (nothing runs
 * until the app mounts) and hydrates the page the server rendered, its actors starting from the
 * snapshots embedded with it (system/firstScreen.ts). A page the server did not render is rendered here.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { httpApi } from './system/api.ts';
import { browserPlatform } from './system/browserPlatform.ts';
import {
  type FirstScreenData,
  firstScreenOf,
  leavingFirstScreen,
  readFirstScreen,
} from './system/firstScreen.ts';
import { browserInspect } from './system/inspector.ts';
import { createQuadSystem } from './system/quadSystem.ts';
import { App } from './views/app/App.tsx';
import { loadParts } from './views/app/lazyNamed.ts';

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
/**
 * Hydrates once the lazily loaded parts the page shows are in. Not awaited at the top level: those
 * parts import this entry's chunk, which must have finished running for them to load.
 */
async function hydrate(data: FirstScreenData): Promise<void> {
  await loadParts(data.parts);
  // A task of its own: running the scripts and hydrating in one would block a phone's input twice as long.
  await new Promise((resolve) => setTimeout(resolve, 0));
  // In a transition React hydrates in slices, yielding to the browser between them (as Next.js does),
  // instead of one long task; a tap on a part not yet hydrated hydrates that part first.
  startTransition(() => {
    hydrateRoot(container as HTMLElement, app);
  });
  for (const notice of firstScreen.notices()) platform.notify(notice);
}

if (rendered) void hydrate(rendered);
else createRoot(container).render(app);
