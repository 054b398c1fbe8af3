/** Every text the three forms show or log, in one place (docs/product.md#forms and #messages). */
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import type { SubmissionKind } from '@/config/data-limits';
import type { AlertMessage } from '@/ui/alerts';

/** The thank-you alert of each form, shown once the submission is stored. */
export const SUCCESS_ALERTS: Record<SubmissionKind, AlertMessage> = {
  contact: { title: 'Thank you for your submission', text: 'A specialist will get back to you soon.' },
  waitlist: { title: "You're on the list", text: 'Thank you for your submission, check your email for further instructions.' },
  preorder: {
    title: `Welcome to ${BRAND.name} Space`,
    text: `Thank you for joining ${BRAND.name} Space! Check your email for further instructions.`,
  },
};

/** Logged (never shown) when the mail could not be sent after the submission was stored. */
export const MAIL_FAILED_LOG = 'Failed, refresh your page and try again...';
/** Logged when the build has no EmailJS keys: the submission is stored, the mail step skipped. */
export const MAIL_NOT_CONFIGURED_LOG =
  'EmailJS is not configured (VITE_EMAILJS_PUBLIC_KEY, VITE_EMAILJS_SERVICE_ID and the template id): the submission was stored but not mailed.';

export type StoreFailure = 'timeout' | 'denied' | 'setup' | 'quota' | 'unknown';

/** Why the last attempt was not stored; for 'quota', how many minutes until the next is accepted. */
export interface StoreProblem {
  reason: StoreFailure;
  waitMinutes?: number;
}

const KEPT = 'Nothing was sent yet, and everything you typed is still here.';

const minutes = (n: number) => (n === 1 ? 'a minute' : `${n} minutes`);

/** Shown beside the form when the submission could not be stored. */
export function storeErrorMessage({ reason, waitMinutes = 60 }: StoreProblem): AlertMessage {
  if (reason === 'quota') {
    return {
      title: 'Please wait a little before sending again',
      text: `You have sent several of these in the last hour, so we are holding new ones for now. Please try again in ${minutes(waitMinutes)}. ${KEPT}`,
    };
  }
  return STORE_ERRORS[reason];
}

const STORE_ERRORS: Record<Exclude<StoreFailure, 'quota'>, AlertMessage> = {
  timeout: {
    title: 'We could not reach our servers',
    text: `${KEPT} Check your internet connection and try again.`,
  },
  denied: {
    title: 'Your submission was not accepted',
    text: `${KEPT} Please check your entries and try again. If it keeps failing, email us at ${externalLinks.supportEmail}.`,
  },
  setup: {
    title: 'Setup Error',
    text: `The identity/database client is not initialised. ${KEPT} Please try again, or email us at ${externalLinks.supportEmail}.`,
  },
  unknown: {
    title: 'Something went wrong',
    text: `${KEPT} Please try again. If it keeps failing, email us at ${externalLinks.supportEmail}.`,
  },
};

/** Field messages: each names the field and says how to fix it. */
export const FIELD_MESSAGES = {
  required: (label: string) => `Enter your ${label.toLowerCase()}.`,
  tooLong: (label: string, max: number, length: number) =>
    `${label} can be at most ${max.toLocaleString('en-US')} characters (it has ${length.toLocaleString('en-US')}).`,
  noMarkup: (label: string) => `${label} can't contain < or >.`,
  email: 'Enter an email address like name@example.com.',
  phoneShape: 'Enter a phone number using digits, with an optional leading +, spaces, dashes or brackets.',
  phoneLength: (min: number, max: number) => `Enter a phone number of ${min} to ${max} characters.`,
};
