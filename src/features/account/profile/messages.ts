/** The profile page's texts, defined once. */
import type { AlertMessage } from '@/ui/alerts';

/** Profile settings (docs/product.md#profile-settings; the phone text per docs/decisions/0008-fix-evident-spec-defects.md).
 *  Field errors are shown under the field inside the edit dialog. */
export const PROFILE_FIELD_ERRORS = {
  phone: 'Please enter a valid phone number',
  address: 'Address required',
  firstName: 'First Name required',
  lastName: 'Last Name required',
  email: 'Please enter a valid email',
  currentPassword: 'Please enter your password',
  password: 'Please enter a valid password',
} as const;

export const PROFILE_MESSAGES = {
  emailChanged: { title: 'Cool!', text: 'Email changed successfully, and a verification email is also sent' },
  passwordChanged: { title: 'Cool!', text: 'Password changed successfully.' },
} as const satisfies Record<string, AlertMessage>;

/** Title of the alert for a failed profile or credential change; its text is the provider's message
 *  in plain words (src/session/auth-errors.ts). */
export const PROFILE_FAILURE_TITLE = 'Oops!';
