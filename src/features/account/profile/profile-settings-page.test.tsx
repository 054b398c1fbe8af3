import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_NOTICE } from '@/ui/connection-notice-texts';
import ProfileSettingsPage from '../profile-settings-page';
import type { ProfileState } from './use-profile';

const mocks = vi.hoisted(() => ({ state: { status: 'loading', unreachable: false } as ProfileState }));
vi.mock('./use-profile', () => ({ useProfile: () => mocks.state }));
vi.mock('@/session/auth-context', () => ({
  useAuth: () => ({
    user: { uid: 'u1', email: 'auth@example.com', emailVerified: false },
    ready: true,
    signingOut: false,
    signOut: vi.fn(),
  }),
}));
vi.mock('../account-auth-api', () => ({ changeEmail: vi.fn(), changePassword: vi.fn() }));
// The panels under the profile have their own tests.
vi.mock('./consent-switches', () => ({ ConsentSwitches: () => <p>consent switches</p> }));
vi.mock('./download-data', () => ({ DownloadData: () => <p>download data</p> }));

const renderPage = () =>
  render(
    <MemoryRouter>
      <ProfileSettingsPage />
    </MemoryRouter>,
  );

function row(term: string) {
  return screen.getByText(term, { selector: 'dt' }).parentElement!;
}

beforeEach(() => {
  mocks.state = { status: 'loading', unreachable: false };
});

describe('Profile settings page', () => {
  it('shows a spinner while the profile loads', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.getByText('Loading your profile…')).toBeInTheDocument();
    expect(screen.queryByText(CONNECTION_NOTICE.title)).not.toBeInTheDocument();
  });

  it('says the servers cannot be reached, instead of spinning on, when the profile does not arrive', () => {
    mocks.state = { status: 'loading', unreachable: true };
    renderPage();
    const notice = screen.getAllByRole('status').find((status) => status.textContent?.includes(CONNECTION_NOTICE.title));
    expect(notice).toHaveTextContent(CONNECTION_NOTICE.text);
    expect(screen.queryByText('Loading your profile…')).not.toBeInTheDocument();
  });

  it('keeps showing the profile, with the notice above it, when the connection drops later', () => {
    mocks.state = {
      status: 'ready',
      unreachable: true,
      value: { firstName: 'Ada', lastName: 'Lovelace', email: '', phoneNumber: '', address: '', country: '' },
    };
    renderPage();
    expect(screen.getByText(CONNECTION_NOTICE.title)).toBeInTheDocument();
    expect(row('Full name')).toHaveTextContent('Ada Lovelace');
  });

  it('shows each entry with Edit, or Add New when empty, and a masked password', async () => {
    mocks.state = {
      status: 'ready',
      unreachable: false,
      value: { firstName: 'Ada', lastName: 'Lovelace', email: '', phoneNumber: '+1 619 555 0142', address: '', country: 'US' },
    };
    renderPage();
    expect(row('Full name')).toHaveTextContent('Ada Lovelace');
    expect(within(row('Full name')).getByRole('button')).toHaveAccessibleName('Edit full name');
    expect(within(row('Address')).getByRole('button')).toHaveAccessibleName('Add New address');
    expect(within(row('Phone number')).getByRole('button')).toHaveAccessibleName('Edit phone number');
    expect(row('Email')).toHaveTextContent('auth@example.com');
    // Auth's verified state, not a stored flag.
    expect(row('Email')).toHaveTextContent('Not verified');
    expect(row('Password')).toHaveTextContent('••••••••');
    expect(screen.getByText('consent switches')).toBeInTheDocument();
    expect(screen.getByText('download data')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account' });
    expect(dialog).toHaveTextContent('cancelled now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(within(row('Address')).getByRole('button'));
    expect(screen.getByRole('dialog', { name: 'Edit address' })).toBeInTheDocument();
  });

  it('says so when the profile cannot be loaded', () => {
    mocks.state = { status: 'error', message: 'permission_denied', unreachable: false };
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
  });
});
