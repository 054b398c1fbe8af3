/** The checks of the profile edit dialogs (docs/product.md#profile-settings, docs/decisions/0008-fix-evident-spec-defects.md). */
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, TEXT_LIMITS } from '@/config/data-limits';
import { isCountryCode } from '@/data/countries';
import { isValidPhoneInput } from '@/data/phone-number';
import { PROFILE_FIELD_ERRORS as ERRORS } from './messages';

/** Field name → error text, only for the fields that fail. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

function errors<K extends string>(checks: [K, boolean, string][]): FieldErrors<K> {
  return Object.fromEntries(checks.filter(([, ok]) => !ok).map(([name, , message]) => [name, message])) as FieldErrors<K>;
}

const filled = (value: string, max: number) => value.trim() !== '' && value.trim().length <= max;

export const validateName = (v: { firstName: string; lastName: string }) =>
  errors([
    ['firstName', filled(v.firstName, TEXT_LIMITS.personName), ERRORS.firstName],
    ['lastName', filled(v.lastName, TEXT_LIMITS.personName), ERRORS.lastName],
  ]);

export const validateAddress = (v: { address: string }) => errors([['address', filled(v.address, TEXT_LIMITS.address), ERRORS.address]]);

/** A valid number for the country chosen; for +1 numbers exactly 10 digits, the spec's rule
 *  (src/data/phone-number.ts). */
export const validatePhone = (v: { country: string; phoneNumber: string }) =>
  errors([['phoneNumber', isCountryCode(v.country) && isValidPhoneInput({ country: v.country, national: v.phoneNumber }), ERRORS.phone]]);

export const validateEmail = (v: { email: string; currentPassword: string }) =>
  errors([
    ['email', v.email.length <= TEXT_LIMITS.email && EMAIL_PATTERN.test(v.email), ERRORS.email],
    ['currentPassword', v.currentPassword !== '', ERRORS.currentPassword],
  ]);

export const validatePassword = (v: { currentPassword: string; newPassword: string }) =>
  errors([
    ['currentPassword', v.currentPassword !== '', ERRORS.password],
    ['newPassword', v.newPassword.length >= PASSWORD_MIN_LENGTH, ERRORS.password],
  ]);
