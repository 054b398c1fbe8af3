import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdTokenResult, User } from 'firebase/auth';
import type { StaffRole } from '@/data/staff';
import type { LiveValue } from '@/firebase/use-live-value';
import type { AuthState } from '@/session/auth-context';
import { renderRoutesAt } from '@/session/auth-context.testing';
import { useStaff } from './staff-context';
import { ROLE_ENDED } from './role-ended';
import { NOT_STAFF, StaffGate } from './staff-gate';
import { ACCESS_CHECK_FAILED } from './use-staff-access';

/** The server's record of the signed-in person's role (staff_roles/<uid>), as the database would
 *  report it live; the rules tests and the browser tests check the real one. */
const record = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = {
    value: { status: 'loading', unreachable: false } as LiveValue<StaffRole | null>,
    watched: [] as (string | null)[],
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value: LiveValue<StaffRole | null>) {
      state.value = value;
      for (const listener of listeners) listener();
    },
  };
  return state;
});
vi.mock('./staff-role-record', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useStaffRoleRecord: (uid: string | null) => {
      record.watched.push(uid);
      const value = useSyncExternalStore(record.subscribe, () => record.value);
      return uid ? value : { status: 'loading', unreachable: false };
    },
  };
});
const recordSays = (role: StaffRole | null): LiveValue<StaffRole | null> => ({ status: 'ready', value: role, unreachable: false });

beforeEach(() => {
  record.value = { status: 'loading', unreachable: false };
  record.watched = [];
});

// The alert a person whose role ended is shown lives outside the page: close it for the next test.
afterEach(async () => {
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
});

/** The sign-out starts in an effect after the page has shown its message, and on a busy machine
 *  the message can be seen first: wait for it, then for the alert that follows it, and check the
 *  session was ended exactly once. Returns the alert. */
async function expectSignedOutOnce(signOut: () => Promise<void>) {
  await waitFor(() => expect(signOut).toHaveBeenCalled());
  const dialog = await screen.findByRole('dialog', { hidden: true }, { timeout: 5000 });
  expect(signOut).toHaveBeenCalledTimes(1);
  return dialog;
}

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

const ROUTES = [
  {
    path: '/staff/*',
    element: (
      <StaffGate frame={(content) => <div data-testid="frame">{content}</div>}>
        <Console />
      </StaffGate>
    ),
  },
  { path: '/sign-in', element: <h1>Sign in</h1> },
];

const renderAt = (path: string, state: Partial<AuthState>) => renderRoutesAt(ROUTES, path, state);

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
    record.value = recordSays('support');
    const user = userWithRole(undefined, { refreshed: 'support' });
    renderAt('/staff', { user });
    expect(await screen.findByRole('heading', { name: 'Console as support' })).toBeInTheDocument();
    expect(user.getIdTokenResult).toHaveBeenCalledWith(true);
  });

  it("lets an admin in once the server's record of the role says admin too", async () => {
    record.value = recordSays('admin');
    renderAt('/staff', { user: userWithRole('admin') });
    expect(await screen.findByRole('heading', { name: 'Console as admin' })).toBeInTheDocument();
    expect(record.watched).toContain('u1');
  });

  it("shows nothing of the console while the server's record is on its way", async () => {
    renderAt('/staff', { user: userWithRole('admin') });
    await waitFor(() => expect(record.watched).toContain('u1'));
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access');
    expect(screen.queryByText(/Console as/)).toBeNull();
  });

  it('does not watch a record for someone whose token says no role', async () => {
    renderAt('/staff', { user: userWithRole(undefined) });
    expect(await screen.findByRole('heading', { name: NOT_STAFF.title })).toBeInTheDocument();
    expect(record.watched.filter(Boolean)).toEqual([]);
  });

  it('a token that still says admin after the role was removed: says so, shows nothing of the console, and signs out', async () => {
    record.value = recordSays(null);
    const signOut = vi.fn(async () => {});
    renderAt('/staff', { user: userWithRole('admin'), signOut });
    expect(await screen.findByRole('heading', { level: 1, name: ROLE_ENDED.removed.title, hidden: true })).toBeInTheDocument();
    // The alert dialog over it hides the page from assistive technology while it is open.
    expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent(ROLE_ENDED.removed.text);
    expect(ROLE_ENDED.removed.text).toBe(
      'An admin removed your staff role, so you have been signed out of the Leopard staff console. If you think this is a mistake, ask an admin.',
    );
    expect(screen.queryByText(/Console as/)).toBeNull();
    const dialog = await expectSignedOutOnce(signOut);
    expect(dialog).toHaveTextContent(ROLE_ENDED.removed.text);
  });

  it('a role removed while the console is open ends it at once', async () => {
    record.value = recordSays('support');
    const signOut = vi.fn(async () => {});
    renderAt('/staff', { user: userWithRole('support'), signOut });
    expect(await screen.findByRole('heading', { name: 'Console as support' })).toBeInTheDocument();
    act(() => record.set(recordSays(null)));
    expect(await screen.findByRole('heading', { level: 1, name: ROLE_ENDED.removed.title, hidden: true })).toBeInTheDocument();
    expect(screen.queryByText(/Console as/)).toBeNull();
    await expectSignedOutOnce(signOut);
  });

  it('a role changed to another: says which, and signs out so the next sign-in brings it', async () => {
    record.value = recordSays('support');
    const signOut = vi.fn(async () => {});
    renderAt('/staff', { user: userWithRole('admin'), signOut });
    const changed = ROLE_ENDED.changed('support');
    expect(await screen.findByRole('heading', { level: 1, name: changed.title, hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent(
      'An admin changed your staff role to support, so you have been signed out. Sign in again to use the console as support.',
    );
    expect(screen.queryByText(/Console as/)).toBeNull();
    await expectSignedOutOnce(signOut);
  });

  it('says so when the record cannot be read', async () => {
    record.value = { status: 'error', message: 'offline', unreachable: true };
    renderAt('/staff', { user: userWithRole('admin') });
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_CHECK_FAILED);
    expect(screen.queryByText(/Console as/)).toBeNull();
  });

  it('offline, trusts the token at hand', async () => {
    record.value = recordSays('admin');
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
