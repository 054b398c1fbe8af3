import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_FIELD_ERRORS } from '@/features/auth/messages';
import { ProfileDialog, type ProfileDialogKind } from './profile-dialogs';
import type { Profile } from './profile-data';

const api = vi.hoisted(() => ({ changeEmail: vi.fn(), changePassword: vi.fn(), saveProfile: vi.fn(), alertError: vi.fn() }));
vi.mock('@/features/auth/auth-api', () => ({ changeEmail: api.changeEmail, changePassword: api.changePassword }));
vi.mock('./profile-data', () => ({ saveProfile: api.saveProfile }));
vi.mock('@/ui/alerts', () => ({ alertError: api.alertError, alertSuccess: vi.fn() }));

const user = { uid: 'u1', email: 'old@example.com' } as User;
const profile: Profile = { firstName: 'Ada', lastName: 'Lovelace', email: 'old@example.com', phoneNumber: '', address: '' };

function open(kind: ProfileDialogKind) {
  const handlers = { onClose: vi.fn(), onEmailChanged: vi.fn(), onPasswordChanged: vi.fn() };
  render(<ProfileDialog kind={kind} user={user} profile={profile} {...handlers} />);
  return handlers;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

/** The field shows `message` under it, is marked invalid and described by it. */
function expectFieldError(label: string, message: string) {
  const input = screen.getByLabelText(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(message);
}

beforeEach(() => {
  vi.clearAllMocks();
  api.saveProfile.mockResolvedValue(undefined);
  // Auth keeps addresses in lower case: the profile stores the address as Auth has it.
  api.changeEmail.mockImplementation((_user: User, _password: string, email: string) => Promise.resolve(email.toLowerCase()));
  api.changePassword.mockResolvedValue(undefined);
});

describe('Profile edit dialogs', () => {
  it('name: both names required, each with its own message', async () => {
    open('name');
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.clear(screen.getByLabelText('Last name'));
    await save();
    expectFieldError('First name', PROFILE_FIELD_ERRORS.firstName);
    expectFieldError('Last name', PROFILE_FIELD_ERRORS.lastName);
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(api.saveProfile).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('First name'), ' Grace ');
    await save();
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid', 'true');
    expectFieldError('Last name', PROFILE_FIELD_ERRORS.lastName);
    await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
    await save();
    expect(api.saveProfile).toHaveBeenCalledWith('u1', { firstName: 'Grace', lastName: 'Hopper' });
  });

  it('address: required', async () => {
    const { onClose } = open('address');
    await save();
    expectFieldError('Address', PROFILE_FIELD_ERRORS.address);
    await userEvent.type(screen.getByLabelText('Address'), '   ');
    await save();
    expectFieldError('Address', PROFILE_FIELD_ERRORS.address);
    await userEvent.type(screen.getByLabelText('Address'), '1 Market St');
    await save();
    expect(api.saveProfile).toHaveBeenCalledWith('u1', { address: '1 Market St' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it.each(['', '123456789', '12345678901', 'abcdefghij', '55501420ab'])('phone: "%s" is refused', async (typed) => {
    open('phone');
    const input = screen.getByLabelText(/Phone number/);
    if (typed) await userEvent.type(input, typed);
    await save();
    expectFieldError('Phone number (10 digits)', PROFILE_FIELD_ERRORS.phone);
    expect(api.saveProfile).not.toHaveBeenCalled();
  });

  it('phone: exactly 10 digits is saved', async () => {
    open('phone');
    await userEvent.type(screen.getByLabelText(/Phone number/), '6195550142');
    await save();
    expect(api.saveProfile).toHaveBeenCalledWith('u1', { phoneNumber: '6195550142' });
  });

  it('email: needs a valid new email and the current password, then changes both', async () => {
    const { onEmailChanged } = open('email');
    await save();
    expectFieldError('New email', PROFILE_FIELD_ERRORS.email);
    expectFieldError('Current password', PROFILE_FIELD_ERRORS.currentPassword);
    await userEvent.type(screen.getByLabelText('New email'), 'new@example');
    await userEvent.type(screen.getByLabelText('Current password'), 'secret-1');
    await save();
    expectFieldError('New email', PROFILE_FIELD_ERRORS.email);
    expect(screen.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.changeEmail).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('New email'), '.COM');
    await save();
    expect(api.changeEmail).toHaveBeenCalledWith(user, 'secret-1', 'new@example.COM');
    expect(api.saveProfile).toHaveBeenCalledWith('u1', { email: 'new@example.com' });
    await waitFor(() => expect(onEmailChanged).toHaveBeenCalled());
  });

  it('password: current and new (at least 6) required, "Please enter a valid password" per field', async () => {
    const { onPasswordChanged } = open('password');
    await save();
    expectFieldError('Current password', PROFILE_FIELD_ERRORS.password);
    expectFieldError('New password', PROFILE_FIELD_ERRORS.password);
    await userEvent.type(screen.getByLabelText('Current password'), 'old-pass');
    await userEvent.type(screen.getByLabelText('New password'), '12345');
    await save();
    expect(screen.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid', 'true');
    expectFieldError('New password', PROFILE_FIELD_ERRORS.password);
    await userEvent.type(screen.getByLabelText('New password'), '6');
    await save();
    expect(api.changePassword).toHaveBeenCalledWith(user, 'old-pass', '123456');
    await waitFor(() => expect(onPasswordChanged).toHaveBeenCalled());
  });

  it('a failed change shows "Oops!" with the provider message and keeps what was typed', async () => {
    api.changePassword.mockRejectedValue(new Error('Firebase: Error (auth/wrong-password).'));
    const { onPasswordChanged } = open('password');
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one');
    await userEvent.type(screen.getByLabelText('New password'), 'new-pass-1');
    await save();
    await waitFor(() =>
      expect(api.alertError).toHaveBeenCalledWith({ title: 'Oops!', text: 'Firebase: Error (auth/wrong-password).' }),
    );
    expect(onPasswordChanged).not.toHaveBeenCalled();
    expect(screen.getByLabelText('New password')).toHaveValue('new-pass-1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('the save button is busy while the change runs', async () => {
    let finish!: () => void;
    api.saveProfile.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    open('address');
    await userEvent.type(screen.getByLabelText('Address'), '1 Market St');
    await save();
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    finish();
  });
});
