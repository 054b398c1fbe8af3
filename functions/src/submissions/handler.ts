/** submitForm: the contact, waitlist and pre-order forms' one way in
 *  (docs/decisions/0111-submissions-through-the-server.md). POST `{kind, fields, page}` with the
 *  visitor's ID token (the forms sign visitors in anonymously). Checks App Check where it is
 *  enforced, the fields (the forms' own checks, src/data/submission-fields.ts), five of a
 *  kind an hour per visitor and 20 a day per client address, each counted in a transaction; then
 *  stores the submission and mails it (an inquiry also its copy to the sender, within the
 *  recipient's cap). Browsers cannot write submissions/ themselves. */
import type { AppCheck } from 'firebase-admin/app-check';
import type { Auth } from 'firebase-admin/auth';
import { ServerValue, type Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { MAILS_PER_RECIPIENT, SUBMISSIONS_PER_ADDRESS, SUBMISSION_QUOTA } from '../../../src/config/data-limits';
import { submissionIndexFields } from '../../../src/data/submission-index-fields';
import { parseSubmission, type SubmissionFields, type SubmitFormLimited, type SubmitFormStored } from '../../../src/data/submission-fields';
import { unsubscribeToken } from '../account/mail-links';
import { optedOutOfAll } from '../account/unsubscribe';
import { signedInCaller } from '../http/caller';
import { clientAddress } from '../http/client-address';
import { applyCors, requireMethod, sendError } from '../http/http';
import {
  contactCopyMail,
  contactInquiryMail,
  isMailConfigured,
  joinListConfirmationMail,
  sendMail,
  sitePagePath,
  unsubscribeUrl,
  type MailContent,
  type MailSettings,
} from '../mail';
import { takeAllowance } from '../http/rate-limit';

/** The largest form is a 5,000-character message and four short fields; even all in four-byte
 *  characters it stays under this. */
export const SUBMIT_FORM_MAX_BODY_BYTES = 32 * 1024;

export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

/** The allowances taken for each submission (rate_limits/<bucket>/<hash of the key>). */
export const SUBMISSION_LIMITS = {
  /** Per anonymous visitor and kind, as the forms have always counted (data-limits.ts). */
  visitor: { max: SUBMISSION_QUOTA.max, windowMs: SUBMISSION_QUOTA.windowMs },
  address: { bucket: 'submission-address', ...SUBMISSIONS_PER_ADDRESS },
  recipient: { bucket: 'submission-mail-recipient', ...MAILS_PER_RECIPIENT },
} as const;

export const visitorBucket = (kind: string) => `submission-visitor-${kind}`;

/** The key of the per-recipient mail cap: one count per mailbox however the address is spelt. Lower
 *  case; the local part without a "+tag" (most providers deliver "ann+x@" to "ann@") and without
 *  dots (Gmail delivers "a.nn@" to "ann@"); the domain without a trailing dot ("example.com." is
 *  "example.com"). Where a provider tells dots or tags apart, two mailboxes share one count: that
 *  only ever sends fewer confirmations, never more (docs/decisions/0111-submissions-through-the-server.md). */
export function recipientCapKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).split('+')[0]!.replaceAll('.', '');
  const domain = address.slice(at + 1).replace(/\.+$/, '');
  return `${local}@${domain}`;
}

export interface SubmitFormDependencies {
  auth: Pick<Auth, 'verifyIdToken'>;
  /** Given: every request must carry a valid App Check token. Null: not enforced (locally). */
  appCheck: Pick<AppCheck, 'verifyToken'> | null;
  database: Database;
  mail: MailSettings;
  /** Where inquiries are mailed; empty: stored only. */
  contactInbox: string;
  /** MAIL_LINK_SECRET: the confirmations carry a signed unsubscribe link made with it, and are not
   *  sent to an address that unsubscribed (docs/decisions/0121-consent-and-unsubscribe.md). */
  mailLinkSecret?: string;
  siteOrigins: readonly string[];
  now?: () => number;
}

export const SUBMIT_FORM_MESSAGES = {
  appCheck: 'This request did not come from the Leopard site (App Check).',
  signIn: 'Send the visitor’s ID token as "Authorization: Bearer <ID token>".',
  badToken: 'The ID token is not valid. Reload the page and try again.',
  body: 'The body must be a JSON object: {"kind", "fields", "page"}.',
  tooLarge: `The request is larger than ${SUBMIT_FORM_MAX_BODY_BYTES} bytes.`,
  visitorLimit: 'You have sent several of these in the last hour. Please try again later.',
  addressLimit: 'Many submissions have come from your network today. Please try again later.',
  page: 'page must be the path of the page on this site that the form is on, such as /contact: a path that leads to another site is not one.',
} as const;

function bodySize(request: Request): number {
  return request.rawBody?.length ?? Buffer.byteLength(JSON.stringify(request.body ?? null));
}

function refuseLimited(response: Response, limit: SubmitFormLimited['limit'], retryAfterMs: number): void {
  const retryAfterMinutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  response.set('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
  const body: SubmitFormLimited = {
    statusCode: 429,
    error: { message: limit === 'visitor' ? SUBMIT_FORM_MESSAGES.visitorLimit : SUBMIT_FORM_MESSAGES.addressLimit },
    limit,
    retryAfterMinutes,
  };
  response.status(429).json(body);
}

/** A mail to the address the visitor typed, within its mailbox's daily cap: not to an address
 *  that unsubscribed from everything, and counted before sending, so a provider that fails does not
 *  reopen the cap for a flood. True when the provider took it. */
async function mailTypedAddress(
  deps: SubmitFormDependencies,
  { kind, to, now }: { kind: keyof SubmissionFields; to: string; now: number },
  content: (unsubscribe: string | undefined) => MailContent,
): Promise<boolean> {
  if (await optedOutOfAll(deps.database, to)) {
    logger.info('submitForm: no mail to the address typed, it unsubscribed', { kind });
    return false;
  }
  const allowance = await takeAllowance(deps.database, { ...SUBMISSION_LIMITS.recipient, key: recipientCapKey(to), now });
  if (!allowance.allowed) {
    logger.info('submitForm: no mail to the address typed, it had enough mail today', { kind });
    return false;
  }
  const unsubscribe = deps.mailLinkSecret
    ? unsubscribeUrl(deps.mail.siteUrl, unsubscribeToken(deps.mailLinkSecret, { email: to, choice: 'all' }, now))
    : undefined;
  return (await sendMail(deps.mail, { to, ...content(unsubscribe) })).status === 'sent';
}

/** The mails of a stored submission: an inquiry to Leopard's inbox and its copy to the sender, a
 *  waitlist's or pre-order's confirmation to the person. True when the one the form speaks of went
 *  out (the inquiry; the confirmation). */
async function mailSubmission(
  deps: SubmitFormDependencies,
  submission: { [K in keyof SubmissionFields]: { kind: K; fields: SubmissionFields[K]; page: string } }[keyof SubmissionFields],
  now: number,
): Promise<boolean> {
  if (!isMailConfigured(deps.mail)) return false;
  const { siteUrl } = deps.mail;
  const to = submission.fields.email;
  if (submission.kind === 'contact') {
    const { fields } = submission;
    const inbox = deps.contactInbox.trim();
    // At once, not one after the other: the visitor waits for both, within the form's server wait.
    const [inquiry] = await Promise.all([
      inbox !== '' &&
        sendMail(deps.mail, { to: inbox, replyTo: to, ...contactInquiryMail({ fields, page: submission.page, siteUrl }) }).then(
          (outcome) => outcome.status === 'sent',
        ),
      mailTypedAddress(deps, { kind: 'contact', to, now }, (unsubscribe) => contactCopyMail({ fields, siteUrl, unsubscribe })),
    ]);
    return inquiry;
  }
  const programme = submission.kind === 'waitlist' ? submission.fields.programme : undefined;
  return mailTypedAddress(deps, { kind: submission.kind, to, now }, (unsubscribe) =>
    joinListConfirmationMail({ kind: submission.kind, programme, siteUrl, unsubscribe }),
  );
}

export async function handleSubmitForm(request: Request, response: Response, deps: SubmitFormDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;
  response.set('Cache-Control', 'no-store');

  if (deps.appCheck) {
    const token = request.get(APP_CHECK_HEADER);
    const verified = token
      ? await deps.appCheck.verifyToken(token).then(
          () => true,
          () => false,
        )
      : false;
    if (!verified) return sendError(response, 401, SUBMIT_FORM_MESSAGES.appCheck);
  }

  const caller = await signedInCaller(deps.auth, request, response, 'submitForm', SUBMIT_FORM_MESSAGES);
  if (!caller) return;

  if (bodySize(request) > SUBMIT_FORM_MAX_BODY_BYTES) return sendError(response, 413, SUBMIT_FORM_MESSAGES.tooLarge);
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return sendError(response, 400, SUBMIT_FORM_MESSAGES.body);
  const parsed = parseSubmission(body);
  if (!parsed.ok) return sendError(response, 400, parsed.message, parsed.field);
  // The inquiry's mail links to the page: only a path that stays on the site, stored as resolved.
  const page = sitePagePath(parsed.page);
  if (page === null) return sendError(response, 400, SUBMIT_FORM_MESSAGES.page, 'page');
  const submission = { ...parsed, page };

  const now = (deps.now ?? Date.now)();
  // The visitor first: a visitor over their own count does not use up their address's.
  const visitor = await takeAllowance(deps.database, {
    bucket: visitorBucket(parsed.kind),
    key: caller.uid,
    ...SUBMISSION_LIMITS.visitor,
    now,
  });
  if (!visitor.allowed) return refuseLimited(response, 'visitor', visitor.retryAfterMs);
  const address = await takeAllowance(deps.database, { ...SUBMISSION_LIMITS.address, key: clientAddress(request), now });
  if (!address.allowed) {
    logger.warn('submitForm: one client address over its daily submissions');
    return refuseLimited(response, 'address', address.retryAfterMs);
  }

  // Stored in its first state with the keys the console's lists are read by
  // (docs/decisions/0111-submissions-through-the-server.md#addendum-2026-11-29-the-state-and-list-keys-stored-with-each-submission).
  const fields: Record<string, unknown> = { ...submission.fields };
  const record = { ...fields, ...submissionIndexFields(submission.kind, fields), page, createdAt: ServerValue.TIMESTAMP };
  const stored = deps.database.ref(`submissions/${submission.kind}`).push();
  await stored.set(record);
  const mailed = await mailSubmission(deps, submission as Parameters<typeof mailSubmission>[1], now);
  const answer: SubmitFormStored = { statusCode: 201, data: { id: stored.key!, mailed } };
  response.status(201).json(answer);
}
