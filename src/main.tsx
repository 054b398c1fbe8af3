import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router';
import './styles/global.scss';

createRoot(document.getElementById('root')!, {
  // An error an error boundary handled has been shown to the person already: a warning, not an error.
  onCaughtError: (error, info) => console.warn('Handled page error:', error, info.componentStack),
}).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
