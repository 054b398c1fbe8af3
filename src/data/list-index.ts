/**
 * The keys the staff console's lists are read by, one page at a time (docs/decisions/0108-staff-console.md,
 * addendum "Lists that read a page"). A list grows with the business, so the console never reads one whole:
 * every query orders by an indexed field, asks for at most LIST_PAGE_LIMIT records and goes on from a
 * cursor. The Realtime Database orders by one field only, so what a page filters, searches and sorts on at
 * once is written into one key beside the record, by the server (the submitForm and staff functions, and
 * the customerIndex trigger for customer_index). Shared by those writers, the console's queries, the rules
 * tests and the CSV export. Pure: no React, no Firebase.
 */
import type { SubmissionKind } from '../config/data-limits';

/** The records a page shows by default, and the most one query may ask for: the rules refuse a staff
 *  query without limitToFirst/limitToLast, or above this (database.rules.json). */
export const LIST_PAGE_SIZE = 25;
export const LIST_PAGE_LIMIT = 100;

/** Between the parts of a composite key. Below every letter, digit and '@', so 'new|' sorts before
 *  'new|a…' and a prefix range [p, p + HIGH) holds exactly the keys that begin with p. */
export const KEY_SEPARATOR = '|';
/** The end of a prefix range: above every character a key can hold. */
export const KEY_RANGE_END = '\uf8ff';

/** How a search matches: the same for what was stored and what staff type. Lower case, accents gone
 *  (é → e), spaces collapsed, so "  Zoë  O'Brien" finds "zoe o'brien". */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[|\uf8ff]/g, '');
}

/** An address as it is searched: trimmed, lower case. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The index fields of one submission. `g` is the part every query of its list fixes: the waitlist's
 *  programme, or the kind itself for the inbox and the pre-orders. Each query picks one field:
 *  - newest or oldest first, all states:   orderByChild('g').equalTo-range(g), ordered by push id;
 *  - newest or oldest first, one state:    orderByChild('gs') with g|status;
 *  - by name (A–Z), or a search by name:   orderByChild('gn') or ('gsn') with the prefix g|[status|]name;
 *  - a search by address:                  orderByChild('ge') or ('gse') with the prefix g|[status|]email.
 *  Ties in a field are ordered by key, so every cursor is a (value, key) pair. */
export interface SubmissionIndex {
  g: string;
  gs: string;
  ge: string;
  gn: string;
  gse: string;
  gsn: string;
}
export const SUBMISSION_INDEX_FIELDS = ['g', 'gs', 'ge', 'gn', 'gse', 'gsn'] as const satisfies readonly (keyof SubmissionIndex)[];

/** The fixed part of a list: a waitlist's programme (absent reads as 'open-access'), else the kind. */
export function submissionGroup(kind: SubmissionKind, programme?: unknown): string {
  if (kind !== 'waitlist') return kind;
  return programme === 'builder' ? 'builder' : 'open-access';
}

const join = (...parts: string[]) => parts.join(KEY_SEPARATOR);

export function submissionIndex(input: {
  kind: SubmissionKind;
  programme?: unknown;
  status: string;
  email: string;
  name: string;
}): SubmissionIndex {
  const g = submissionGroup(input.kind, input.programme);
  const email = emailKey(input.email);
  const name = searchKey(input.name);
  return {
    g,
    gs: join(g, input.status),
    ge: join(g, email),
    gn: join(g, name),
    gse: join(g, input.status, email),
    gsn: join(g, input.status, name),
  };
}

/** What a list page asks for: the list (`group`), a state or all, a search, and the order. */
export type ListSort = 'newest' | 'oldest' | 'name';
export interface ListQuery {
  group: string;
  status: string | null;
  /** As typed; empty for no search. */
  search: string;
  sort: ListSort;
}

/** The field a query orders by and the range of its values. A search with '@' looks up addresses,
 *  any other looks up names; with no search, newest/oldest use the equality fields and name uses the
 *  name fields with an empty prefix. */
export interface IndexRange {
  field: keyof SubmissionIndex;
  /** The lowest and highest value of the range (equal for an equality). */
  start: string;
  end: string;
  /** Whether the records come in push-id order (dates), or by the field's value (names, addresses). */
  byKey: boolean;
}

export function submissionRange({ group, status, search, sort }: ListQuery): IndexRange {
  const typed = search.includes('@') ? emailKey(search) : searchKey(search);
  if (typed === '' && sort !== 'name') {
    const value = status ? join(group, status) : group;
    return { field: status ? 'gs' : 'g', start: value, end: value, byKey: true };
  }
  const byEmail = typed.includes('@');
  const field: keyof SubmissionIndex = status ? (byEmail ? 'gse' : 'gsn') : byEmail ? 'ge' : 'gn';
  const prefix = status ? join(group, status, typed) : join(group, typed);
  return { field, start: prefix, end: prefix + KEY_RANGE_END, byKey: false };
}

/** What a page of the customer list (customer_index) is read by: a search with an @ looks up
 *  addresses by their beginning (`e`), any other names (`n`); with no search, names A–Z (`n`, every
 *  one: an empty prefix), or newest or oldest first by when the account was made (`at`, no prefix).
 *  The console's list and the CSV export both read it so. */
export interface CustomerRange {
  field: 'e' | 'n' | 'at';
  /** The beginning the values share (up to prefix + KEY_RANGE_END); null: every value of `at`. */
  prefix: string | null;
  descending: boolean;
}

export function customerRange(search: string, sort: ListSort): CustomerRange {
  const byEmail = search.includes('@');
  const typed = byEmail ? emailKey(search) : searchKey(search);
  if (typed !== '') return { field: byEmail ? 'e' : 'n', prefix: typed, descending: false };
  if (sort === 'name') return { field: 'n', prefix: '', descending: false };
  return { field: 'at', prefix: null, descending: sort === 'newest' };
}

/** customer_index/<uid>: one line per account for the console's customer list, kept from users/<uid>
 *  by the customerIndex trigger (the profile itself is written by its owner's browser, which the
 *  rules cannot trust to write a normalised key). `at` is the account's creation in milliseconds. */
export const CUSTOMER_INDEX_PATH = 'customer_index';
export interface CustomerIndexEntry {
  name: string;
  email: string;
  at: number;
  /** emailKey(email) and searchKey(name). */
  e: string;
  n: string;
}
