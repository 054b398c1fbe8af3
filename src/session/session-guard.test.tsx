import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'firebase/auth';
import { alertError } from '@/ui/alerts';
import type { AccountRecordSummary } from '@/firebase/users-api';
import { useLiveValueOf, type LiveValue } from '@/firebase/use-live-value';
import type { AuthState } from './auth-context';
import { renderRoutesAt } from './auth-context.testing';
import { INACTIVE_SESSION } from './messages';
import { SessionGuard } from './session-guard';
import { STORED_USER_ID_KEY } from './stored-user-id';

vi.mock('@/ui/alerts', () => ({ alertError: vi.fn(async () => {}) }));

const mocks = vi.hoisted(() => ({
  record: { status: 'loading', unreachable: false } as LiveValue<AccountRecordSummary>,
  syncAccountEmailOnce: vi.fn(),
}));
vi.mock('@/firebase/use-live-value', () => ({ useLiveValueOf: vi.fn(() => mocks.record) }));
vi.mock('@/firebase/users-api', () => ({ watchAccountRecord: vi.fn() }));
vi.mock('./account-email', () => ({ syncAccountEmailOnce: mocks.syncAccountEmailOnce }));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  mocks.record = { status: 'loading', unreachable: false };
});

const ROUTES = [
  {
    element: <SessionGuard />,
    children: [
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/store', element: <h1>Store</h1> },
    ],
  },
  { path: '/sign-in', element: <h1>Sign in</h1> },
  { path: '/complete-profile', element: <h1>Complete your profile</h1> },
];

const renderAt = (path: string, state: Partial<AuthState>) => renderRoutesAt(ROUTES, path, state);

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

  it('a visitor who never signed in goes to the sign-in page at once, with the way back and no "Inactive Session"', async () => {
    const router = renderAt('/dashboard?tab=1', {});
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?next=%2Fdashboard%3Ftab%3D1');
    expect(alertError).not.toHaveBeenCalled();
  });

  it('a session that ended (the stored user id says there was one): "Inactive Session", then the sign-in page with the way back', async () => {
    localStorage.setItem(STORED_USER_ID_KEY, 'u1');
    const router = renderAt('/dashboard?tab=1', {});
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(alertError).toHaveBeenCalledTimes(1);
    expect(alertError).toHaveBeenCalledWith(INACTIVE_SESSION);
    expect(router.state.location.search).toBe('?next=%2Fdashboard%3Ftab%3D1');
  });

  it('sends an account without a profile to "Complete your profile", and back here afterwards', async () => {
    mocks.record = { status: 'ready', unreachable: false, value: { exists: false, email: '' } };
    const router = renderAt('/dashboard?tab=1', { user: { uid: 'u1', email: 'ada@example.com' } as User });
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
    expect(router.state.location.search).toBe('?next=%2Fdashboard%3Ftab%3D1');
  });

  it('does not ask accountEmail when Auth and the profile have the same address', async () => {
    const user = { uid: 'u1', email: 'new@example.com' } as User;
    mocks.record = { status: 'ready', unreachable: false, value: { exists: true, email: 'new@example.com' } };
    renderAt('/dashboard', { user });
    // The check (its own chunk) has read the record.
    await waitFor(() => expect(useLiveValueOf).toHaveBeenCalled());
    expect(mocks.syncAccountEmailOnce).not.toHaveBeenCalled();
  });

  it('asks accountEmail when the profile still has the old address', async () => {
    const user = { uid: 'u1', email: 'new@example.com' } as User;
    mocks.record = { status: 'ready', unreachable: false, value: { exists: true, email: 'old@example.com' } };
    renderAt('/dashboard', { user });
    await waitFor(() => expect(mocks.syncAccountEmailOnce).toHaveBeenCalledWith(user, 'old@example.com'));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
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
