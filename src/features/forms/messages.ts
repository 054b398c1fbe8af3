/** Every text the three forms show or log, in one place (docs/product.md#forms and #messages). */
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import type { SubmissionKind } from '@/config/data-limits';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import type { WaitlistProgramme } from '@/config/waitlist-programmes';
import type { AlertMessage } from '@/ui/alerts';

/** The thank-you alert of each form, shown once the submission is stored; the waitlist's and the
 *  pre-order's tell the person to check their email, which is true only when a mail to them went
 *  out (successAlert). */
export const SUCCESS_ALERTS: Record<SubmissionKind, AlertMessage> = {
  contact: { title: 'Thank you for your submission', text: 'A specialist will get back to you soon.' },
  waitlist: { title: "You're on the list", text: 'Thank you for your submission, check your email for further instructions.' },
  preorder: {
    title: `Welcome to ${BRAND.name} Space`,
    text: `Thank you for joining ${BRAND.name} Space! Check your email for further instructions.`,
  },
};

/** The same thanks when no mail went to the person (the mail failed, or their address had enough
 *  mail from us today): nothing sends them to an inbox where nothing arrives. */
export const UNMAILED_SUCCESS_ALERTS: Record<Exclude<SubmissionKind, 'contact'>, AlertMessage> = {
  waitlist: { title: "You're on the list", text: 'Thank you for your submission.' },
  preorder: { title: `Welcome to ${BRAND.name} Space`, text: `Thank you for joining ${BRAND.name} Space!` },
};

/** The thanks for a stored submission: "check your email" only when `mailed`. */
export function successAlert(kind: SubmissionKind, mailed: boolean): AlertMessage {
  return kind === 'contact' || mailed ? SUCCESS_ALERTS[kind] : UNMAILED_SUCCESS_ALERTS[kind];
}

/** The waitlist page of each programme: /waitlist (the open-access research program, as the
 *  spec has it) and /waitlist?programme=builder, which the enterprise page links to. */
export const WAITLIST_TEXTS: Record<WaitlistProgramme, { title: string; summary: string; heading: string; intro: string; form: string }> = {
  'open-access': {
    title: 'Open-access research program',
    summary: PAGE_SUMMARIES.waitlist,
    heading: 'Join the waitlist',
    intro: 'Leave your name and email; we write to you with the next steps as places open.',
    form: 'Waitlist',
  },
  builder: {
    title: `${PAGE_TITLES.enterprise} waitlist`,
    summary: PAGE_SUMMARIES.enterprise,
    heading: 'Join the builder waitlist',
    intro: 'You are joining the builder waitlist. Leave your name and email; we invite you to the builder’s private beta as places open.',
    form: 'Builder waitlist',
  },
};

/** Logged (never shown) when the submission was stored but its mail did not go out. */
export const MAIL_FAILED_LOG = 'Failed, refresh your page and try again...';

export type StoreFailure = 'timeout' | 'denied' | 'setup' | 'quota' | 'unknown';

/** Whose limit held a submission back: this visitor's (five of a kind an hour) or the client
 *  address's (docs/decisions/0111-submissions-through-the-server.md). */
export type WaitLimit = 'visitor' | 'address';

/** Why the last attempt was not stored; for 'quota', how many minutes until the next is accepted. */
export interface StoreProblem {
  reason: StoreFailure;
  waitMinutes?: number;
  limit?: WaitLimit;
}

const KEPT = 'Nothing was sent yet, and everything you typed is still here.';

/** A wait in words: minutes up to two hours, whole hours past that. */
const waitOf = (n: number) => (n === 1 ? 'a minute' : n < 120 ? `${n} minutes` : `${Math.ceil(n / 60)} hours`);

/** Shown beside the form when the submission could not be stored. */
export function storeErrorMessage({ reason, waitMinutes = 60, limit = 'visitor' }: StoreProblem): AlertMessage {
  if (reason === 'quota') {
    const why =
      limit === 'address'
        ? 'Many submissions have come from your network today, so we are holding new ones for now.'
        : 'You have sent several of these in the last hour, so we are holding new ones for now.';
    return {
      title: 'Please wait a little before sending again',
      text: `${why} Please try again in ${waitOf(waitMinutes)}. ${KEPT}`,
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

/** Field messages, shared with the function that checks them again. */
export { FIELD_MESSAGES } from '@/data/submission-fields';
