import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { externalLinks } from '@/config/external-links';
import ProfileSettingsPage from '../profile-settings-page';
import type { ProfileState } from './use-profile';

const mocks = vi.hoisted(() => ({ state: { status: 'loading' } as ProfileState }));
vi.mock('./use-profile', () => ({ useProfile: () => mocks.state }));
vi.mock('@/features/auth/auth-context', () => ({
  useAuth: () => ({ user: { uid: 'u1', email: 'auth@example.com' }, ready: true, signingOut: false, signOut: vi.fn() }),
}));
vi.mock('@/features/auth/auth-api', () => ({ changeEmail: vi.fn(), changePassword: vi.fn() }));

const renderPage = () => render(<MemoryRouter><ProfileSettingsPage /></MemoryRouter>);

function row(term: string) {
  return screen.getByText(term, { selector: 'dt' }).parentElement!;
}

beforeEach(() => {
  mocks.state = { status: 'loading' };
});

describe('Profile settings page', () => {
  it('shows a spinner while the profile loads', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');
  });

  it('shows each entry with Edit, or Add New when empty, and a masked password', async () => {
    mocks.state = {
      status: 'ready',
      value: { firstName: 'Ada', lastName: 'Lovelace', email: '', phoneNumber: '6195550142', address: '' },
    };
    renderPage();
    expect(row('Full name')).toHaveTextContent('Ada Lovelace');
    expect(within(row('Full name')).getByRole('button')).toHaveAccessibleName('Edit full name');
    expect(within(row('Address')).getByRole('button')).toHaveAccessibleName('Add New address');
    expect(within(row('Phone number')).getByRole('button')).toHaveAccessibleName('Edit phone number');
    expect(row('Email')).toHaveTextContent('auth@example.com');
    expect(row('Password')).toHaveTextContent('••••••••');
    expect(screen.getByRole('link', { name: /Delete account/ })).toHaveAttribute('href', externalLinks.deleteAccount);

    await userEvent.click(within(row('Address')).getByRole('button'));
    expect(screen.getByRole('dialog', { name: 'Edit address' })).toBeInTheDocument();
  });

  it('says so when the profile cannot be loaded', () => {
    mocks.state = { status: 'error', message: 'permission_denied' };
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
  });
});
