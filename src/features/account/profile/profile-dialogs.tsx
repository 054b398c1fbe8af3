/** The five edit dialogs of the profile page: what each asks, checks and saves (docs/product.md#profile-settings). */
import type { User } from 'firebase/auth';
import { useMemo, useRef } from 'react';
import { TEXT_LIMITS } from '@/config/data-limits';
import { isCountryCode, listCountries } from '@/data/countries';
import { phoneForEditing, toStoredPhoneNumber } from '@/data/phone-number';
import type { Profile } from '@/data/users';
import { saveProfile } from '@/firebase/users-api';
import { changeEmail, changePassword } from '../account-auth-api';
import { EditDialog } from './edit-dialog';
import { validateAddress, validateEmail, validateName, validatePassword, validatePhone } from './profile-validation';

export type ProfileDialogKind = 'name' | 'address' | 'phone' | 'email' | 'password';

interface ProfileDialogProps {
  kind: ProfileDialogKind;
  user: User;
  profile: Profile;
  onClose: () => void;
  /** After the link to the new address was sent (the page says so). */
  onEmailLinkSent: (newEmail: string) => void;
  /** After a successful password change (the page shows "Cool!" and signs out). */
  onPasswordChanged: () => void;
}

const currentPasswordField = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autoComplete: 'current-password',
} as const;

export function ProfileDialog({ kind, user, profile, onClose, onEmailLinkSent, onPasswordChanged }: ProfileDialogProps) {
  const uid = user.uid;
  // The address the link went to, for the message after the dialog closes.
  const sentTo = useRef('');
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
      return <PhoneDialog uid={uid} profile={profile} onClose={onClose} />;
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
            // The profile and the Stripe customer follow once the link is opened and the person
            // signs in with the new address (docs/decisions/0118-email-change-by-verified-link.md).
            sentTo.current = v.email.trim();
            await changeEmail(user, v.currentPassword, sentTo.current);
          }}
          onDone={() => onEmailLinkSent(sentTo.current)}
          onClose={onClose}
        />
      );
    case 'password':
      return (
        <EditDialog
          title="Change password"
          fields={[currentPasswordField, { name: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' }]}
          initial={{ currentPassword: '', newPassword: '' }}
          validate={validatePassword}
          onSave={(v) => changePassword(user, v.currentPassword, v.newPassword)}
          onDone={onPasswordChanged}
          onClose={onClose}
        />
      );
  }
}

/** The number with its country: the country select pre-filled from the stored number (or the
 *  record's country), the national number beside it; saved as E.164 (src/data/phone-number.ts). */
function PhoneDialog({ uid, profile, onClose }: { uid: string; profile: Profile; onClose: () => void }) {
  const countries = useMemo(
    () => listCountries().map((country) => ({ value: country.code, label: `${country.name} (${country.dialCode})` })),
    [],
  );
  const initial = useMemo(() => {
    const { country, national } = phoneForEditing(profile.phoneNumber, profile.country);
    return { country: country as string, phoneNumber: national };
  }, [profile.phoneNumber, profile.country]);
  return (
    <EditDialog<'country' | 'phoneNumber'>
      title="Edit phone number"
      fields={[
        { name: 'country', label: 'Country', type: 'text', autoComplete: 'country', options: countries },
        {
          name: 'phoneNumber',
          label: 'Phone number',
          type: 'tel',
          autoComplete: 'tel-national',
          hint: 'Without the dial code. US, Canada and other +1 numbers have 10 digits.',
        },
      ]}
      initial={initial}
      validate={validatePhone}
      onSave={async (v) => {
        const phoneNumber = isCountryCode(v.country) ? toStoredPhoneNumber({ country: v.country, national: v.phoneNumber }) : undefined;
        // validatePhone has refused anything else; this keeps a wrong value out of the record.
        if (!phoneNumber) throw new Error('Please enter a valid phone number.');
        await saveProfile(uid, { phoneNumber });
      }}
      onDone={onClose}
      onClose={onClose}
    />
  );
}
