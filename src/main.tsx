import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { hasPrerenderedPage } from './app/prerendered';
import './styles/global.scss';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
const options: RootOptions = {
  // An error an error boundary handled has been shown to the person already: a warning, not an error.
  onCaughtError: (error, info) => console.warn('Handled page error:', error, info.componentStack),
};

// Public pages arrive pre-rendered (scripts/prerender.ts) and are hydrated; the app shell of the
// customer area and the dev server arrive empty and are rendered here.
if (hasPrerenderedPage(container, window.location.pathname)) hydrateRoot(container, app, options);
else createRoot(container, options).render(app);
