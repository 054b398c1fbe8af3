import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'firebase/auth';
import { alertError } from '@/ui/alerts';
import { AuthContext, type AuthState } from './auth-context';
import { INACTIVE_SESSION } from './messages';
import { SessionGuard } from './session-guard';

vi.mock('@/ui/alerts', () => ({ alertError: vi.fn(async () => {}) }));

beforeEach(() => vi.clearAllMocks());

function renderAt(path: string, state: Partial<AuthState>) {
  const value: AuthState = { user: null, ready: true, signingOut: false, signOut: vi.fn(), ...state };
  const router = createMemoryRouter(
    [
      {
        element: <SessionGuard />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard</h1> },
          { path: '/store', element: <h1>Store</h1> },
        ],
      },
      { path: '/sign-in', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthContext.Provider value={value}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

describe('SessionGuard', () => {
  it('shows a spinner until the auth state is known', () => {
    renderAt('/dashboard', { ready: false });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(alertError).not.toHaveBeenCalled();
  });

  it('shows the page to a signed-in user', () => {
    renderAt('/dashboard', { user: { uid: 'u1' } as User });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('signed out: "Inactive Session", then the sign-in page with the way back', async () => {
    const router = renderAt('/dashboard?tab=1', {});
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(alertError).toHaveBeenCalledTimes(1);
    expect(alertError).toHaveBeenCalledWith(INACTIVE_SESSION);
    expect(router.state.location.search).toBe('?next=%2Fdashboard%3Ftab%3D1');
  });

  it('stays quiet while the person signs out', () => {
    renderAt('/dashboard', { signingOut: true });
    expect(alertError).not.toHaveBeenCalled();
  });

  it('lets visitors into the store without waiting for the auth state', () => {
    renderAt('/store', { ready: false });
    expect(screen.getByRole('heading', { name: 'Store' })).toBeInTheDocument();
    expect(alertError).not.toHaveBeenCalled();
  });
});
