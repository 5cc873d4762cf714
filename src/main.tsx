// First, so the screen's data is requested before the rest of the app's code runs (an import with no
// bindings stays in place when imports are sorted).
import './views/app/screenData.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './views/app/App.tsx';
import { screenDataReady } from './views/app/screenData.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The first render waits a little for the screen's data, so that it draws the screen in one pass.
await screenDataReady();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
