/** Limits of the stored data. database.rules.json enforces the same numbers (its tests read them
 *  from here), and the forms validate against them before sending. */
export const TEXT_LIMITS = {
  personName: 50, // firstName, lastName
  fullName: 100, // full__name and the contact form's name
  email: 254,
  phone: 20,
  phoneMin: 7,
  address: 200,
  city: 100,
  message: 5000,
  page: 100, // the path a submission came from
} as const;

/** The minimum password length (docs/product.md#limits), for sign-up and the profile's password change;
 *  Firebase Auth's own minimum is the same. */
export const PASSWORD_MIN_LENGTH = 6;

/** A pragmatic email shape: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Digits with an optional leading +, spaces, dashes and brackets. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]*$/;

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const VERIFICATION_METHODS = ['text', 'call'] as const;

export const SUBMISSION_KINDS = ['contact', 'waitlist', 'preorder'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** Submissions one visitor may send of one kind: at most `max` in a window of `windowMs` that
 *  starts with the first of them (database.rules.json, submission_quota). Enough for a person who
 *  corrects a message or signs up a colleague; a script gets five records an hour per identity. */
export const SUBMISSION_QUOTA = { max: 5, windowMs: 60 * 60 * 1000 } as const;

/** Submissions the `submitForm` function stores from one client address, all kinds together: at
 *  most 20 in any 24 hours (docs/decisions/0111-submissions-through-the-server.md). A household or
 *  an office sends a handful a day; a script minting fresh anonymous visitors stops at 20. */
export const SUBMISSIONS_PER_ADDRESS = { max: 20, windowMs: 24 * 60 * 60 * 1000 } as const;

/** Confirmation mails to one recipient address (the waitlist's and the pre-order's, to the
 *  address typed): at most 3 in any 24 hours, enough for both waitlists and a pre-order; past
 *  that the submission is stored but nobody's inbox is filled by someone else typing it. */
export const MAILS_PER_RECIPIENT = { max: 3, windowMs: 24 * 60 * 60 * 1000 } as const;

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'expired', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
