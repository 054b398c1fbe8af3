import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { IdTokenResult, User } from 'firebase/auth';
import { AuthContext, type AuthState } from '@/session/auth-context';
import { useStaff } from './staff-context';
import { NOT_STAFF, StaffGate } from './staff-gate';
import { ACCESS_CHECK_FAILED } from './use-staff-access';

/** A user whose ID token carries `role`; a forced refresh may bring another (a role granted since). */
function userWithRole(role: unknown, { refreshed = role, refreshFails = false } = {}) {
  const token = (claim: unknown) => ({ claims: claim === undefined ? {} : { role: claim } }) as unknown as IdTokenResult;
  const getIdTokenResult = vi.fn(async (force?: boolean) => {
    if (force && refreshFails) throw new Error('offline');
    return token(force ? refreshed : role);
  });
  return { uid: 'u1', email: 'someone@example.com', getIdTokenResult } as unknown as User & { getIdTokenResult: typeof getIdTokenResult };
}

function Console() {
  const { role } = useStaff();
  return <h1>Console as {role}</h1>;
}

function renderAt(path: string, state: Partial<AuthState>) {
  const value: AuthState = { user: null, ready: true, signingOut: false, signOut: vi.fn(), ...state };
  const router = createMemoryRouter(
    [
      {
        path: '/staff/*',
        element: (
          <StaffGate frame={(content) => <div data-testid="frame">{content}</div>}>
            <Console />
          </StaffGate>
        ),
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

describe('StaffGate', () => {
  it('checks quietly until the session is known', () => {
    renderAt('/staff', { ready: false });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('sends a visitor to sign in and back', async () => {
    const router = renderAt('/staff/inbox?state=new', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/staff/inbox?state=new')}`);
  });

  it('tells a signed-in customer whose area this is, with the ways out, and shows nothing of the console', async () => {
    renderAt('/staff', { user: userWithRole(undefined) });
    expect(await screen.findByRole('heading', { level: 1, name: NOT_STAFF.title })).toBeInTheDocument();
    expect(NOT_STAFF.title).toBe('This area is for Leopard staff');
    expect(screen.getByText(/someone@example\.com without a staff role/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NOT_STAFF.dashboard })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: NOT_STAFF.home })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Console as/)).toBeNull();
    expect(screen.queryByText('Inactive Session')).toBeNull();
  });

  it('does not take a forged or unknown role for staff', async () => {
    renderAt('/staff', { user: userWithRole('superuser') });
    expect(await screen.findByRole('heading', { name: NOT_STAFF.title })).toBeInTheDocument();
  });

  it('refreshes the token on entry, so a role granted since the last refresh counts now', async () => {
    const user = userWithRole(undefined, { refreshed: 'support' });
    renderAt('/staff', { user });
    expect(await screen.findByRole('heading', { name: 'Console as support' })).toBeInTheDocument();
    expect(user.getIdTokenResult).toHaveBeenCalledWith(true);
  });

  it('lets an admin in', async () => {
    renderAt('/staff', { user: userWithRole('admin') });
    expect(await screen.findByRole('heading', { name: 'Console as admin' })).toBeInTheDocument();
  });

  it('offline, trusts the token at hand', async () => {
    renderAt('/staff', { user: userWithRole('admin', { refreshFails: true }) });
    expect(await screen.findByRole('heading', { name: 'Console as admin' })).toBeInTheDocument();
  });

  it('says so when the role cannot be read at all', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userWithRole('admin');
    user.getIdTokenResult.mockRejectedValue(new Error('gone'));
    renderAt('/staff', { user });
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_CHECK_FAILED);
  });

  it('shows nothing while its staff member signs out', () => {
    renderAt('/staff', { signingOut: true });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
