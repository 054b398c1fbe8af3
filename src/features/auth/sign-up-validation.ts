/** The sign-up form's checks, in the required order (docs/product.md#sign-up-checks, docs/decisions/0008-fix-evident-spec-defects.md). */
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, type VERIFICATION_METHODS } from '@/config/data-limits';
import { DEFAULT_COUNTRY_CODE, isCountryCode } from '@/data/countries';
import { toStoredPhoneNumber } from '@/data/phone-number';
import { captchaMatches } from './captcha-code';
import { SIGN_UP_MESSAGES } from './messages';

export interface SignUpValues {
  firstName: string;
  lastName: string;
  country: string;
  birthMonth: string;
  birthDay: string;
  birthYear: string;
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  verificationMethod: (typeof VERIFICATION_METHODS)[number];
  receiveAnnouncements: boolean;
  receiveAppsMusicTV: boolean;
  captcha: string;
}

export type SignUpField = keyof SignUpValues;

/** What the sign-up form (and "Complete your profile") start from. */
export const SIGN_UP_DEFAULTS: SignUpValues = {
  firstName: '',
  lastName: '',
  country: DEFAULT_COUNTRY_CODE,
  birthMonth: '',
  birthDay: '',
  birthYear: '',
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
  verificationMethod: 'text',
  receiveAnnouncements: false,
  receiveAppsMusicTV: false,
  captcha: '',
};

export interface SignUpProblem {
  message: (typeof SIGN_UP_MESSAGES)[keyof typeof SIGN_UP_MESSAGES];
  /** The fields to mark invalid, the first one gets focus. */
  fields: SignUpField[];
}

const REQUIRED = ['firstName', 'lastName', 'country', 'birthMonth', 'birthDay', 'birthYear', 'phone'] as const satisfies SignUpField[];

/** The number to store (E.164, src/data/phone-number.ts), or undefined when it is not a valid
 *  number for the chosen country. */
export function storedPhoneNumber(values: Pick<SignUpValues, 'country' | 'phone'>): string | undefined {
  return isCountryCode(values.country) ? toStoredPhoneNumber({ country: values.country, national: values.phone }) : undefined;
}

/** The first problem of the profile fields (sign-up's first two checks, also those of "Complete
 *  your profile"), or null. */
export function validateProfileFields(values: Pick<SignUpValues, (typeof REQUIRED)[number]>): SignUpProblem | null {
  const missing = REQUIRED.filter((field) => String(values[field]).trim() === '');
  if (missing.length > 0) return { message: SIGN_UP_MESSAGES.missingInformation, fields: missing };
  // Not in the spec: without it a malformed number would only fail at the database, after the
  // account had been created.
  if (!storedPhoneNumber(values)) return { message: SIGN_UP_MESSAGES.invalidPhone, fields: ['phone'] };
  return null;
}

/** The first problem, or null when the form may be sent. */
export function validateSignUp(values: SignUpValues, captchaCode: string): SignUpProblem | null {
  const profileProblem = validateProfileFields(values);
  if (profileProblem) return profileProblem;
  if (!EMAIL_PATTERN.test(values.email.trim())) return { message: SIGN_UP_MESSAGES.invalidEmail, fields: ['email'] };
  if (values.password.length < PASSWORD_MIN_LENGTH) return { message: SIGN_UP_MESSAGES.weakPassword, fields: ['password'] };
  // docs/decisions/0008-fix-evident-spec-defects.md: the empty check first, so "Captcha Required" can be seen.
  if (values.captcha.trim() === '') return { message: SIGN_UP_MESSAGES.captchaRequired, fields: ['captcha'] };
  if (!captchaMatches(values.captcha, captchaCode)) return { message: SIGN_UP_MESSAGES.invalidCaptcha, fields: ['captcha'] };
  if (values.password !== values.confirmPassword) {
    return { message: SIGN_UP_MESSAGES.passwordMismatch, fields: ['confirmPassword'] };
  }
  return null;
}
