/**
 * What the console reads: the submissions and the orders with what staff follow on them, from the
 * records as stored (docs/decisions/0108-staff-console.md); the overview's figures are kept by the
 * server (src/data/order-figures.ts).
 * Pure: every record is checked field by field, since a list is only as good as its oddest entry.
 */
import { BRAND } from '@/config/brand';
import type { SubmissionKind } from '@/config/data-limits';
import { DEFAULT_WAITLIST_PROGRAMME, isWaitlistProgramme, type WaitlistProgramme } from '@/config/waitlist-programmes';
import { toOrders, type Order, type StoredOrder } from '@/data/orders';
import {
  SUBMISSION_STATUSES,
  statusOf,
  type ContactStatus,
  type PreorderPass,
  type PreorderStatus,
  type StatusOf,
  type WaitlistStatus,
} from '@/data/staff';
import { submissionNameField } from '@/data/submission-index-fields';

type Stored = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const time = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);
const record = (value: unknown): Stored => (typeof value === 'object' && value !== null ? (value as Stored) : {});

interface SubmissionBase {
  id: string;
  name: string;
  email: string;
  /** Milliseconds since the epoch; null when the record has none. */
  receivedAt: number | null;
  statusChangedAt: number | null;
}

export interface ContactInquiry extends SubmissionBase {
  status: ContactStatus;
  phone: string;
  city: string;
  message: string;
  /** The last reply recordReply kept: when (null: none yet) and who (their address). */
  repliedAt: number | null;
  repliedByEmail: string;
}

export interface WaitlistEntry extends SubmissionBase {
  status: WaitlistStatus;
  programme: WaitlistProgramme;
}

export interface Preorder extends SubmissionBase {
  status: PreorderStatus;
  pass: PreorderPass | null;
}

/** How one kind's records read: what every submission has (its id, the person's name from the
 *  kind's field, address, times and state), then `own`, the kind's fields. */
function submissionReader<K extends SubmissionKind, Own>(kind: K, own: (stored: Stored) => Own) {
  return (id: string, raw: unknown): SubmissionBase & { status: StatusOf<K> } & Own => {
    const stored = record(raw);
    return {
      id,
      name: text(stored[submissionNameField(kind)]),
      email: text(stored.email),
      receivedAt: time(stored.createdAt),
      statusChangedAt: time(stored.statusChangedAt),
      status: statusOf(kind, stored.status),
      ...own(stored),
    };
  };
}

function toPass(value: unknown): PreorderPass | null {
  const stored = record(value);
  const issuedAt = time(stored.issuedAt);
  if (typeof stored.code !== 'string' || !stored.code || issuedAt === null) return null;
  const mailedAt = time(stored.mailedAt);
  return { code: stored.code, issuedAt, ...(mailedAt !== null && { mailedAt }) };
}

/** One inquiry of a page (the console reads a page at a time: lists/use-paged-list.ts). */
export const toContactInquiry: (id: string, raw: unknown) => ContactInquiry = submissionReader('contact', (stored) => ({
  phone: text(stored.phone),
  city: text(stored.city),
  message: text(stored.message),
  repliedAt: time(stored.repliedAt),
  repliedByEmail: text(stored.repliedByEmail),
}));

export const toWaitlistEntry: (id: string, raw: unknown) => WaitlistEntry = submissionReader('waitlist', (stored) => ({
  programme: isWaitlistProgramme(stored.programme) ? stored.programme : DEFAULT_WAITLIST_PROGRAMME,
}));

export const toPreorder: (id: string, raw: unknown) => Preorder = submissionReader('preorder', (stored) => ({
  pass: toPass(stored.pass),
}));

/** The states a button can move a submission to: the later ones in order (new → answered →
 *  archived), then back to the first, which reopens it. */
export function nextStatuses<K extends 'contact' | 'waitlist'>(kind: K, status: StatusOf<K>): StatusOf<K>[] {
  const statuses = SUBMISSION_STATUSES[kind] as readonly StatusOf<K>[];
  const later = statuses.slice(statuses.indexOf(status) + 1);
  return status === statuses[0] ? later : [...later, statuses[0]!];
}

/** A status in words, as badges, filters and buttons say it. */
export const STATUS_WORDS: { readonly [K in SubmissionKind]: Readonly<Record<StatusOf<K>, string>> } = {
  contact: { new: 'New', answered: 'Answered', archived: 'Archived' },
  waitlist: { new: 'New', contacted: 'Contacted', archived: 'Archived' },
  preorder: { pending: 'Pending', approved: 'Approved', declined: 'Declined' },
};

/** What the button that moves a submission into a state says. */
export const MOVE_WORDS: Readonly<Record<ContactStatus | WaitlistStatus, string>> = {
  new: 'Reopen',
  answered: 'Mark answered',
  contacted: 'Mark contacted',
  archived: 'Archive',
};

/** The subject of a reply to an inquiry. */
export const REPLY_SUBJECT = `Re: your inquiry to ${BRAND.name}`;

/** A mailto: link to the person with the reply's subject (RFC 6068: the address and each header
 *  percent-encoded, so "+", "&" or "?" in an address cannot start another header). */
export function replyMailto(email: string, subject = REPLY_SUBJECT): string {
  return `${mailtoLink(email)}?subject=${encodeURIComponent(subject)}`;
}

/** A plain mailto: link to the address. */
export function mailtoLink(email: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`;
}

/** "Nov 26, 2026, 3:04 PM", in the reader's time zone. */
export function dateTimeText(ms: number): string {
  return new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

// Orders as staff see them.

/** An order with what the customer-facing Order leaves out: who bought it, and what they trade in. */
export interface StaffOrder extends Order {
  buyer: string | null;
  customerEmail: string | null;
  applicationExist: boolean;
  modelExistsOn: string | null;
}

export function toStaffOrders(value: Readonly<Record<string, StoredOrder>> | null): StaffOrder[] {
  return toOrders(value).map((order) => {
    const stored = record(value?.[order.id]);
    return {
      ...order,
      buyer: text(stored.buyer) || null,
      customerEmail: text(stored.customerEmail) || null,
      applicationExist: stored.applicationExist === true,
      modelExistsOn: text(stored.modelExistsOn) || null,
    };
  });
}
