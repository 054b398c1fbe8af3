import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_MESSAGES } from '@/session/auth-errors';
import type { Profile } from '@/data/users';
import { PROFILE_FIELD_ERRORS } from './messages';
import { ProfileDialog, type ProfileDialogKind } from './profile-dialogs';

const api = vi.hoisted(() => ({ changeEmail: vi.fn(), changePassword: vi.fn(), saveProfile: vi.fn(), alertError: vi.fn() }));
vi.mock('../account-auth-api', () => ({ changeEmail: api.changeEmail, changePassword: api.changePassword }));
vi.mock('@/firebase/users-api', () => ({ saveProfile: api.saveProfile }));
vi.mock('@/ui/alerts', () => ({ alertError: api.alertError, alertSuccess: vi.fn() }));

const user = { uid: 'u1', email: 'old@example.com' } as User;
const profile: Profile = { firstName: 'Ada', lastName: 'Lovelace', email: 'old@example.com', phoneNumber: '', address: '', country: '' };

function open(kind: ProfileDialogKind, changes: Partial<Profile> = {}) {
  const handlers = { onClose: vi.fn(), onEmailLinkSent: vi.fn(), onPasswordChanged: vi.fn() };
  render(<ProfileDialog kind={kind} user={user} profile={{ ...profile, ...changes }} {...handlers} />);
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
  api.changeEmail.mockResolvedValue(undefined);
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

  it.each(['', '619555014', '61955501423', 'abcdefghij', '61955501ab', '1234567890'])(
    'phone: "%s" is refused for the US',
    async (typed) => {
      open('phone');
      expect(screen.getByLabelText('Country')).toHaveValue('US');
      const input = screen.getByLabelText('Phone number');
      if (typed) await userEvent.type(input, typed);
      await save();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(PROFILE_FIELD_ERRORS.phone));
      expect(api.saveProfile).not.toHaveBeenCalled();
    },
  );

  it('phone: exactly 10 US digits are saved with the +1 dial code (E.164)', async () => {
    open('phone');
    await userEvent.type(screen.getByLabelText('Phone number'), '(619) 555-0142');
    await save();
    expect(api.saveProfile).toHaveBeenCalledWith('u1', { phoneNumber: '+16195550142' });
  });

  it.each([
    ['as the profile shows it', '+1 619 555 0199'],
    ['as the old sign-up stored it', '+1 6195550199'],
    ['as E.164', '+16195550199'],
  ])('phone: a stored US number %s is pre-filled with its country and saved unchanged as E.164', async (_, stored) => {
    open('phone', { phoneNumber: stored });
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.getByLabelText('Phone number')).toHaveValue('6195550199');
    await save();
    expect(api.saveProfile).toHaveBeenCalledWith('u1', { phoneNumber: '+16195550199' });
  });

  it('phone: a legacy number without dial code is read in the record’s country', async () => {
    open('phone', { phoneNumber: '020 7946 0958', country: 'GB' });
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    expect(screen.getByLabelText('Phone number')).toHaveValue('2079460958');
  });

  it('phone: a non-US customer keeps their dial code, checked by libphonenumber rather than by length', async () => {
    open('phone', { phoneNumber: '+44 20 7946 0958', country: 'GB' });
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('(+44)');
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '020 7946 0000');
    await save();
    expect(api.saveProfile).toHaveBeenCalledWith('u1', { phoneNumber: '+442079460000' });
  });

  it('phone: changing the country changes the dial code saved', async () => {
    open('phone', { phoneNumber: '+16195550199' });
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'DE');
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '030 901820');
    await save();
    expect(api.saveProfile).toHaveBeenCalledWith('u1', { phoneNumber: '+4930901820' });
  });

  it('email: needs a valid new email and the current password, then sends the link and leaves the record alone', async () => {
    const { onEmailLinkSent } = open('email');
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
    await waitFor(() => expect(onEmailLinkSent).toHaveBeenCalledWith('new@example.COM'));
    // The record follows only once the link is opened (the accountEmail function).
    expect(api.saveProfile).not.toHaveBeenCalled();
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

  it('a failed change shows "Oops!" with the provider message in plain words and keeps what was typed', async () => {
    api.changePassword.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/wrong-password).'), { code: 'auth/wrong-password' }),
    );
    const { onPasswordChanged } = open('password');
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one');
    await userEvent.type(screen.getByLabelText('New password'), 'new-pass-1');
    await save();
    await waitFor(() => expect(api.alertError).toHaveBeenCalledWith({ title: 'Oops!', text: AUTH_ERROR_MESSAGES['auth/wrong-password'] }));
    expect(onPasswordChanged).not.toHaveBeenCalled();
    expect(screen.getByLabelText('New password')).toHaveValue('new-pass-1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it.each([
    ['auth/requires-recent-login', AUTH_ERROR_MESSAGES['auth/requires-recent-login']],
    ['auth/email-already-in-use', AUTH_ERROR_MESSAGES['auth/email-already-in-use']],
    ['auth/some-new-code', 'Something went wrong (auth/some-new-code). Please try again.'],
  ])('an email change refused with %s says so in words under "Oops!"', async (code, text) => {
    api.changeEmail.mockRejectedValue(Object.assign(new Error(`Firebase: Error (${code}).`), { code }));
    open('email');
    await userEvent.type(screen.getByLabelText('New email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Current password'), 'secret-1');
    await save();
    await waitFor(() => expect(api.alertError).toHaveBeenCalledWith({ title: 'Oops!', text }));
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
