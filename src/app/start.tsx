import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';

const options: RootOptions = {
  // An error an error boundary handled has been shown to the person already: a warning, not an error.
  onCaughtError: (error, info) => console.warn('Handled page error:', error, info.componentStack),
};

/** Hydrates the pre-rendered page in `container`, or renders the app into it afresh (the app
 *  shell of the customer area, the dev server). Loaded by src/main.tsx. */
export function start(container: HTMLElement, hydrate: boolean): void {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // Hydrating in a transition lets React yield to the browser every few milliseconds, so adopting
  // a long page is many short tasks rather than one that blocks input (Total Blocking Time).
  if (hydrate) startTransition(() => void hydrateRoot(container, app, options));
  else createRoot(container, options).render(app);
}
