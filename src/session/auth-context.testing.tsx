// Tests' way to stand a page behind a known auth state, without Firebase: the AuthContext the
// AuthProvider would give, and a memory router at the path under test.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { AuthContext, type AuthState } from './auth-context';

/** An auth state: nobody signed in, known, not signing out, unless `state` says otherwise. */
export function authState(state: Partial<AuthState> = {}): AuthState {
  return { user: null, ready: true, signingOut: false, signOut: vi.fn(async () => {}), ...state };
}

/** Renders `routes` at `path` under the auth state `state` (as authState reads it); the router is
 *  returned so that a test can follow where the page sends the person. */
export function renderRoutesAt(routes: RouteObject[], path: string, state: Partial<AuthState> = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AuthContext.Provider value={authState(state)}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}
