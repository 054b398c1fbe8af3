/** The five edit dialogs of the profile page: what each asks, checks and saves (spec sections 4, 5, 7). */
import type { User } from 'firebase/auth';
import { TEXT_LIMITS } from '@/config/data-limits';
import { changeEmail, changePassword } from '@/features/auth/auth-api';
import { EditDialog } from './edit-dialog';
import { saveProfile, type Profile } from './profile-data';
import { PHONE_LENGTH, validateAddress, validateEmail, validateName, validatePassword, validatePhone } from './profile-validation';

export type ProfileDialogKind = 'name' | 'address' | 'phone' | 'email' | 'password';

interface ProfileDialogProps {
  kind: ProfileDialogKind;
  user: User;
  profile: Profile;
  onClose: () => void;
  /** After a successful email change (the page shows "Cool!"). */
  onEmailChanged: () => void;
  /** After a successful password change (the page shows "Cool!" and signs out). */
  onPasswordChanged: () => void;
}

const currentPasswordField = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autoComplete: 'current-password',
} as const;

export function ProfileDialog({ kind, user, profile, onClose, onEmailChanged, onPasswordChanged }: ProfileDialogProps) {
  const uid = user.uid;
  switch (kind) {
    case 'name':
      return (
        <EditDialog
          title="Edit full name"
          fields={[
            { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name', maxLength: TEXT_LIMITS.personName },
            { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name', maxLength: TEXT_LIMITS.personName },
          ]}
          initial={{ firstName: profile.firstName, lastName: profile.lastName }}
          validate={validateName}
          onSave={(v) => saveProfile(uid, { firstName: v.firstName.trim(), lastName: v.lastName.trim() })}
          onDone={onClose}
          onClose={onClose}
        />
      );
    case 'address':
      return (
        <EditDialog
          title="Edit address"
          fields={[{ name: 'address', label: 'Address', type: 'text', autoComplete: 'street-address', maxLength: TEXT_LIMITS.address }]}
          initial={{ address: profile.address }}
          validate={validateAddress}
          onSave={(v) => saveProfile(uid, { address: v.address.trim() })}
          onDone={onClose}
          onClose={onClose}
        />
      );
    case 'phone':
      return (
        <EditDialog
          title="Edit phone number"
          fields={[{ name: 'phoneNumber', label: `Phone number (${PHONE_LENGTH} digits)`, type: 'tel', autoComplete: 'tel-national' }]}
          initial={{ phoneNumber: profile.phoneNumber }}
          validate={validatePhone}
          onSave={(v) => saveProfile(uid, { phoneNumber: v.phoneNumber })}
          onDone={onClose}
          onClose={onClose}
        />
      );
    case 'email':
      return (
        <EditDialog
          title="Change email"
          fields={[
            { name: 'email', label: 'New email', type: 'email', autoComplete: 'email', maxLength: TEXT_LIMITS.email },
            currentPasswordField,
          ]}
          initial={{ email: '', currentPassword: '' }}
          validate={validateEmail}
          onSave={async (v) => {
            // The rules accept only the account's own address, exactly as Auth now has it.
            const email = await changeEmail(user, v.currentPassword, v.email);
            await saveProfile(uid, { email });
          }}
          onDone={onEmailChanged}
          onClose={onClose}
        />
      );
    case 'password':
      return (
        <EditDialog
          title="Change password"
          fields={[
            currentPasswordField,
            { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
          ]}
          initial={{ currentPassword: '', newPassword: '' }}
          validate={validatePassword}
          onSave={(v) => changePassword(user, v.currentPassword, v.newPassword)}
          onDone={onPasswordChanged}
          onClose={onClose}
        />
      );
  }
}
