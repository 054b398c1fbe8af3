/** The auth feature's texts from the catalogue of docs/product.md#messages, defined once. */
import { BRAND } from '@/config/brand';
import type { AlertMessage } from '@/ui/alerts';

export const SIGN_UP_MESSAGES = {
  missingInformation: { title: 'Missing Information', text: 'Please fill in all required fields.' },
  invalidPhone: { title: 'Invalid Phone Number', text: 'Please enter a valid phone number.' },
  invalidEmail: { title: 'Invalid Email', text: 'Please enter a valid email.' },
  weakPassword: { title: 'Weak Password', text: 'Password must be at least 6 characters.' },
  captchaRequired: { title: 'Captcha Required', text: 'Please complete the captcha.' },
  invalidCaptcha: { title: 'Invalid Captcha', text: 'The captcha you entered does not match.' },
  passwordMismatch: { title: 'Password Mismatch', text: 'Passwords do not match.' },
  setupError: { title: 'Setup Error', text: 'The identity/database client is not initialised. Please try again.' },
  welcome: {
    title: 'Welcome!',
    text: `Your ${BRAND.name} Account has been successfully created! Please verify your email to fully activate your account.`,
  },
} as const satisfies Record<string, AlertMessage>;

/** Title of the alert for any other sign-up failure; its text is the provider's message in plain
 *  words (src/session/auth-errors.ts). */
export const SIGN_UP_FAILURE_TITLE = 'Error';

export const BIRTHDAY_HELP = 'Birthday is used for age verification and to provide personalized services.';

/** The sign-in form's own texts; what Firebase refuses is said by src/session/auth-errors.ts. */
export const SIGN_IN_MESSAGES = {
  missing: 'Please enter your email and password.',
  invalidEmail: 'Please enter a valid email.',
  resetNeedsEmail: 'Enter your email above, then choose "Forgot password?" again.',
  /** What a visitor sent here from a customer-area page reads (docs/decisions/0122-half-made-accounts-and-visitor-words.md). */
  signInToContinue: 'Sign in to continue.',
  resetSent: (email: string) => `If an account exists for ${email}, we have sent it a link to reset the password. Check your inbox.`,
} as const;

/** "Complete your profile" (docs/decisions/0122-half-made-accounts-and-visitor-words.md). */
export const COMPLETE_PROFILE_MESSAGES = {
  formName: 'Complete your profile',
  summary: 'Your account exists, but its profile was not saved. Fill it in once to continue.',
  failureTitle: 'Not saved',
  loadFailed: 'Your account could not be checked. Check your connection and reload the page.',
} as const;
