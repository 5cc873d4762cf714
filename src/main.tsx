// First, so the screen's data is requested before the rest of the app's code runs.
import './views/app/screenData.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './views/app/App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
