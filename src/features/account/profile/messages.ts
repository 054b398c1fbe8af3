/** The profile page's texts, defined once. */
import { OPEN_CHECKOUT_AT_DELETION } from '@/data/users';
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
  passwordChanged: { title: 'Cool!', text: 'Password changed successfully.' },
  /** The email changes only when the link is opened (docs/decisions/0118-email-change-by-verified-link.md). */
  emailLinkSent: (newEmail: string, oldEmail: string): AlertMessage => ({
    title: 'Check your inbox',
    text: `We sent a link to ${newEmail}. Your email changes when you open it; until then sign in with ${oldEmail}.`,
  }),
  accountDeleted: { title: 'Account deleted', text: 'Your account has been deleted.' },
} as const;

/** Title of the alert for a failed profile or credential change; its text is the provider's message
 *  in plain words (src/session/auth-errors.ts). */
export const PROFILE_FAILURE_TITLE = 'Oops!';

/** The consent switches (docs/decisions/0121-consent-and-unsubscribe.md). */
export const CONSENT_MESSAGES = {
  saving: 'Saving your choice…',
  saved: (label: string, on: boolean) => `Saved: "${label}" is ${on ? 'on' : 'off'}.`,
  failed: (label: string, reason: string) => `"${label}" was not changed. ${reason}`,
  loadFailed: 'Your choices could not be loaded. Check your connection and reload the page.',
} as const;

/** "Download my data" (docs/decisions/0120-data-export.md). */
export const EXPORT_MESSAGES = {
  what: 'A copy of your profile, your marketing choices, your orders with their payments and invoices, and the forms you sent with your email, as a JSON file.',
  done: (fileName: string) => `Your data was downloaded as ${fileName}.`,
} as const;

/** Closing the account (docs/decisions/0119-account-deletion-and-retention.md). */
export const DELETE_ACCOUNT_MESSAGES = {
  title: 'Delete your account',
  intro: 'This cannot be undone. When you delete your account:',
  consequences: [
    'Every plan you have is cancelled now, and you will not be charged again.',
    'Your profile, your sign-in and your billing details are deleted; your orders are kept for accounting without your name or email.',
    'Your invoices are kept by our payment provider as long as the law requires, up to 10 years.',
    OPEN_CHECKOUT_AT_DELETION,
  ],
  refund: 'The current billing period is not refunded automatically. To ask for a refund, contact us before you delete your account.',
  plansTitle: 'Plans this cancels',
  plansLoading: 'Loading your plans…',
  noPlans: 'No active plans',
  plansUnknown: 'Your plans could not be loaded; every plan you have is cancelled all the same.',
  passwordRequired: 'Please enter your password',
  typeDelete: 'Type DELETE in capital letters',
} as const;
