import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountRecordSummary } from '@/firebase/users-api';
import type { LiveValue } from '@/firebase/use-live-value';
import CompleteProfilePage from './complete-profile-page';
import { SIGN_UP_MESSAGES } from './messages';

const mocks = vi.hoisted(() => ({
  auth: { user: null as User | null, ready: true },
  record: { status: 'loading', unreachable: false } as LiveValue<AccountRecordSummary>,
  /** The page's watchers of the record, told when a test changes it. */
  recordWatchers: new Set<() => void>(),
  createUserRecord: vi.fn(),
}));
vi.mock('@/session/auth-context', () => ({ useAuth: () => ({ ...mocks.auth, signingOut: false, signOut: vi.fn() }) }));
vi.mock('@/firebase/use-live-value', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (watcher: () => void) => {
    mocks.recordWatchers.add(watcher);
    return () => mocks.recordWatchers.delete(watcher);
  };
  return { useLiveValueOf: () => useSyncExternalStore(subscribe, () => mocks.record) };
});
vi.mock('@/firebase/users-api', () => ({ watchAccountRecord: vi.fn(), createUserRecord: mocks.createUserRecord }));
vi.mock('@/firebase/connection', () => ({ withinServerWait: <T,>(write: Promise<T>) => write }));

const user = { uid: 'u1', email: 'ada@example.com', emailVerified: false, displayName: 'Ada King Lovelace' } as User;

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/complete-profile', element: <CompleteProfilePage /> },
      { path: '*', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The fields the prefill leaves empty: the birth date and the phone number. */
async function fillWhatAuthDoesNotKnow() {
  await userEvent.selectOptions(screen.getByLabelText('Month'), 'March');
  await userEvent.selectOptions(screen.getByLabelText('Day'), '14');
  await userEvent.selectOptions(screen.getByLabelText('Year'), '1990');
  await userEvent.type(screen.getByLabelText('Phone number'), '6195550123');
}

beforeEach(() => {
  vi.clearAllMocks();
  mocks.auth = { user, ready: true };
  mocks.record = { status: 'ready', unreachable: false, value: { exists: false, email: '' } };
  mocks.createUserRecord.mockResolvedValue(undefined);
});

describe('CompleteProfilePage', () => {
  it('asks the sign-up profile fields, prefilled with what Auth knows', () => {
    renderAt('/complete-profile');
    const form = screen.getByRole('form', { name: 'Complete your profile' });
    expect(form).toHaveTextContent('ada@example.com');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('King Lovelace');
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('saves users/<uid> as sign-up would, then goes on to ?next=', async () => {
    const router = renderAt('/complete-profile?next=%2Forder-history');
    await fillWhatAuthDoesNotKnow();
    await userEvent.click(screen.getByRole('checkbox', { name: /announcements/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-history'));
    expect(mocks.createUserRecord).toHaveBeenCalledWith('u1', {
      firstName: 'Ada',
      lastName: 'King Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+16195550123',
      country: 'US',
      birthDate: 'March/14/1990',
      verificationMethod: 'text',
      receiveAnnouncements: true,
      receiveAppsMusicTV: false,
      emailVerified: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('goes on once the server has the record, not when the database shows its own write', async () => {
    let confirm = () => {};
    mocks.createUserRecord.mockImplementation(() => {
      // The database client shows a write to its watchers at once, before the server answers.
      mocks.record = { status: 'ready', unreachable: false, value: { exists: true, email: 'ada@example.com' } };
      act(() => mocks.recordWatchers.forEach((watcher) => watcher()));
      return new Promise<void>((resolve) => (confirm = resolve));
    });
    const router = renderAt('/complete-profile?next=%2Forder-history');
    await fillWhatAuthDoesNotKnow();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(mocks.createUserRecord).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe('/complete-profile');
    expect(screen.getByLabelText('Phone number')).toHaveValue('6195550123');

    act(() => confirm());
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-history'));
  });

  it('says what is missing, beside the fields, and saves nothing', async () => {
    renderAt('/complete-profile');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SIGN_UP_MESSAGES.missingInformation.text);
    expect(screen.getByLabelText('Month')).toHaveAttribute('aria-invalid', 'true');
    expect(mocks.createUserRecord).not.toHaveBeenCalled();
  });

  it('a failed save says why and keeps what was typed', async () => {
    mocks.createUserRecord.mockRejectedValue(new Error('PERMISSION_DENIED: Permission denied'));
    const router = renderAt('/complete-profile');
    await fillWhatAuthDoesNotKnow();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Permission denied'));
    expect(screen.getByLabelText('Phone number')).toHaveValue('6195550123');
    expect(router.state.location.pathname).toBe('/complete-profile');
  });

  it('an account that has its profile goes straight on', async () => {
    mocks.record = { status: 'ready', unreachable: false, value: { exists: true, email: 'ada@example.com' } };
    const router = renderAt('/complete-profile?next=%2Fdev-panel');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dev-panel'));
  });

  it('a visitor signs in first and comes back here', async () => {
    mocks.auth = { user: null, ready: true };
    const router = renderAt('/complete-profile?next=%2Fdashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/complete-profile?next=%2Fdashboard')}`);
  });
});
