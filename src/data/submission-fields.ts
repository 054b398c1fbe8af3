/** The fields of the three public forms and their checks: the forms run them as the person types,
 *  the `submitForm` function runs them again on what arrives (docs/decisions/0111-submissions-through-the-server.md),
 *  with the limits of src/config/data-limits.ts. No React, no Firebase. */
// Relative, not '@/': the functions bundle this module too (src/data is what they may import).
import { EMAIL_PATTERN, PHONE_PATTERN, SUBMISSION_KINDS, TEXT_LIMITS, type SubmissionKind } from '../config/data-limits';
import { WAITLIST_PROGRAMMES, type WaitlistProgramme } from '../config/waitlist-programmes';

export interface ContactFields {
  name: string;
  email: string;
  phone: string;
  city: string;
  message: string;
}

export interface JoinListFields {
  full__name: string;
  email: string;
}

/** The waitlist form also says which waitlist the person joins: the page's address picks it
 *  (docs/decisions/0108-staff-console.md), the person does not type it. */
export interface WaitlistFields extends JoinListFields {
  programme?: WaitlistProgramme;
}

export interface SubmissionFields {
  contact: ContactFields;
  waitlist: WaitlistFields;
  preorder: JoinListFields;
}

/** Field messages: each names the field and says how to fix it. */
export const FIELD_MESSAGES = {
  required: (label: string) => `Enter your ${label.toLowerCase()}.`,
  tooLong: (label: string, max: number, length: number) =>
    `${label} can be at most ${max.toLocaleString('en-US')} characters (it has ${length.toLocaleString('en-US')}).`,
  noMarkup: (label: string) => `${label} can't contain < or >.`,
  oneLine: (label: string) => `${label} must be a single line of text.`,
  email: 'Enter an email address like name@example.com.',
  phoneShape: 'Enter a phone number using digits, with an optional leading +, spaces, dashes or brackets.',
  phoneLength: (min: number, max: number) => `Enter a phone number of ${min} to ${max} characters.`,
};

/** One check of a trimmed value: true, or the message to show. */
export type Check = (value: string) => string | true;

const required =
  (label: string): Check =>
  (value) =>
    value !== '' || FIELD_MESSAGES.required(label);
const atMost =
  (label: string, max: number): Check =>
  (value) =>
    value.length <= max || FIELD_MESSAGES.tooLong(label, max, value.length);
/** Names and cities are echoed in mails and the staff console, so no markup. */
const noMarkup =
  (label: string): Check =>
  (value) =>
    !/[<>]/.test(value) || FIELD_MESSAGES.noMarkup(label);
/** An input of one line cannot hold a line break or a control character; only a script sends one
 *  (it would let a name add lines to a mail's subject or greeting). */
const oneLine =
  (label: string): Check =>
  (value) =>
    !hasControlCharacter(value) || FIELD_MESSAGES.oneLine(label);

/** A line break, a tab or another control character (U+0000 to U+001F, U+007F). */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The checks of each kind of field, in the order they are shown: the first failure wins. */
export const FIELD_CHECKS = {
  fullName: (label: string) => [required(label), atMost(label, TEXT_LIMITS.fullName), noMarkup(label), oneLine(label)],
  city: (label: string) => [required(label), atMost(label, TEXT_LIMITS.city), noMarkup(label), oneLine(label)],
  /** Free text: markup is allowed and kept as text (it is never rendered as HTML). */
  message: (label: string) => [required(label), atMost(label, TEXT_LIMITS.message)],
  email: (label: string) => [
    required(label),
    atMost(label, TEXT_LIMITS.email),
    (value: string) => EMAIL_PATTERN.test(value) || FIELD_MESSAGES.email,
    oneLine(label),
  ],
  phone: (label: string) => [
    required(label),
    (value: string) => PHONE_PATTERN.test(value) || FIELD_MESSAGES.phoneShape,
    (value: string) =>
      (value.length >= TEXT_LIMITS.phoneMin && value.length <= TEXT_LIMITS.phone) ||
      FIELD_MESSAGES.phoneLength(TEXT_LIMITS.phoneMin, TEXT_LIMITS.phone),
  ],
} satisfies Record<string, (label: string) => Check[]>;

export type FieldKind = keyof typeof FIELD_CHECKS;

/** The first message of `checks` for the trimmed value, or null when every check passes. */
export function problemOf(checks: readonly Check[], raw: string): string | null {
  const value = raw.trim();
  for (const check of checks) {
    const result = check(value);
    if (result !== true) return result;
  }
  return null;
}

/** What each form asks for: the stored name of each field, its label and its kind. */
export const FORM_FIELDS: { [K in SubmissionKind]: Record<string, { label: string; kind: FieldKind }> } = {
  contact: {
    name: { label: 'Full name', kind: 'fullName' },
    email: { label: 'Email', kind: 'email' },
    phone: { label: 'Phone number', kind: 'phone' },
    city: { label: 'City', kind: 'city' },
    message: { label: 'Message', kind: 'message' },
  },
  waitlist: {
    full__name: { label: 'Full name', kind: 'fullName' },
    email: { label: 'Email', kind: 'email' },
  },
  preorder: {
    full__name: { label: 'Full name', kind: 'fullName' },
    email: { label: 'Email', kind: 'email' },
  },
};

export const SUBMISSION_MESSAGES = {
  kind: `kind must be one of ${SUBMISSION_KINDS.join(', ')}.`,
  fields: 'fields must be an object of the form’s fields.',
  unknownField: (name: string) => `${name} is not a field of this form.`,
  notText: (label: string) => `${label} must be text.`,
  page: `page must be the path of the page the form is on: it starts with / and has at most ${TEXT_LIMITS.page} characters.`,
  programme: `programme must be one of ${WAITLIST_PROGRAMMES.join(', ')}.`,
} as const;

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return typeof value === 'string' && (SUBMISSION_KINDS as readonly string[]).includes(value);
}

export type ParsedSubmission<K extends SubmissionKind = SubmissionKind> =
  { ok: true; kind: K; fields: SubmissionFields[K]; page: string } | { ok: false; field: string; message: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a submission as it arrives at the server: `kind`, exactly the kind's fields (the
 * waitlist's `programme` optional), each a string passing its checks, stored trimmed, and the
 * page's path. Staff-managed fields (status, a pass) are unknown fields here: nobody sends them.
 */
export function parseSubmission(body: unknown): ParsedSubmission {
  const { kind, fields, page } = isPlainObject(body) ? body : ({} as Record<string, unknown>);
  if (!isSubmissionKind(kind)) return { ok: false, field: 'kind', message: SUBMISSION_MESSAGES.kind };
  if (!isPlainObject(fields)) return { ok: false, field: 'fields', message: SUBMISSION_MESSAGES.fields };
  const wanted = FORM_FIELDS[kind];
  const parsed: Record<string, string> = {};
  for (const name of Object.keys(fields)) {
    if (!(name in wanted) && !(kind === 'waitlist' && name === 'programme')) {
      return { ok: false, field: name, message: SUBMISSION_MESSAGES.unknownField(name) };
    }
  }
  for (const [name, { label, kind: fieldKind }] of Object.entries(wanted)) {
    const value = fields[name] ?? '';
    if (typeof value !== 'string') return { ok: false, field: name, message: SUBMISSION_MESSAGES.notText(label) };
    const problem = problemOf(FIELD_CHECKS[fieldKind](label), value);
    if (problem !== null) return { ok: false, field: name, message: problem };
    parsed[name] = value.trim();
  }
  if (kind === 'waitlist' && fields.programme !== undefined) {
    if (!(WAITLIST_PROGRAMMES as readonly unknown[]).includes(fields.programme)) {
      return { ok: false, field: 'programme', message: SUBMISSION_MESSAGES.programme };
    }
    parsed.programme = fields.programme as string;
  }
  if (typeof page !== 'string' || !page.startsWith('/') || page.length > TEXT_LIMITS.page || hasControlCharacter(page)) {
    return { ok: false, field: 'page', message: SUBMISSION_MESSAGES.page };
  }
  return { ok: true, kind, fields: parsed as unknown as SubmissionFields[typeof kind], page };
}

/** The function the forms send to: POST `{kind, fields, page}` with the visitor's ID token. */
export const SUBMIT_FORM_FUNCTION = 'submitForm';

/** 201: stored, and whether the one mail of this submission went out. */
export interface SubmitFormStored {
  statusCode: 201;
  data: { id: string; mailed: boolean };
}

/** 429: a limit is reached; nothing was stored. `limit` says whose: this visitor's count of this
 *  kind, or the count of the client address. */
export interface SubmitFormLimited {
  statusCode: 429;
  error: { message: string };
  limit: 'visitor' | 'address';
  retryAfterMinutes: number;
}
