/**
 * One page of a console list, read with the Realtime Database SDK and no React: the query of a page,
 * what its snapshot holds, and the cursor of the page after it (docs/decisions/0151-console-lists-a-page-at-a-time.md).
 * A list grows with the business, so nothing here ever asks for more than LIST_PAGE_LIMIT records.
 */
import type { Database, DataSnapshot, Query } from 'firebase/database';
import { LIST_PAGE_LIMIT, LIST_PAGE_SIZE, type IndexRange, type ListSort } from '@/data/list-index';
import type { DatabaseSdk } from '@/firebase/clients';

/** Where the database and the SDK come from: the app's client, or a test's. */
export type DatabaseSource = () => Promise<[Database, DatabaseSdk]>;

/** A value a range or a cursor holds: the console's keys are strings, customer_index's `at` a
 *  number, the trade-ins' `applicationExist` true. */
export type RangeValue = string | number | boolean;

/** What a page of a list other than the submissions is read by: a child's values from start to end,
 *  or (field null) the records' keys, which for push ids is the order they arrived in (staff_audit). */
export interface PageRange {
  field: string | null;
  start: RangeValue;
  end: RangeValue;
}

export interface PageRequest {
  /** The list's node, e.g. 'submissions/contact'. */
  path: string;
  range: IndexRange | PageRange;
  /** Newest first: the range read from its end, then shown backwards. */
  descending: boolean;
  /** Records a page shows; LIST_PAGE_SIZE unless given, at most LIST_PAGE_LIMIT - 1 (one more is read). */
  pageSize?: number;
}

/** Where a page starts: the first record it shows, as the (value, key) pair the query orders by. */
export interface Cursor {
  value: RangeValue;
  key: string;
}

export interface PageRow {
  key: string;
  value: unknown;
}

export interface PageRead {
  /** In the order shown. */
  rows: PageRow[];
  /** The first record of the next page, or null on the last page. */
  next: Cursor | null;
}

/** Only dates are read newest first; oldest first and every name or address order run forwards. */
export const isDescending = (range: IndexRange, sort: ListSort): boolean => range.byKey && sort === 'newest';

/** The records a page shows: never so many that the one read beyond them passes the rules' limit. */
export function pageSizeOf(request: Pick<PageRequest, 'pageSize'>): number {
  const wanted = Math.floor(request.pageSize ?? LIST_PAGE_SIZE);
  return Math.min(Math.max(wanted, 1), LIST_PAGE_LIMIT - 1);
}

/** The page's query: its range from the cursor on, one record more than it shows, which says
 *  whether another page follows and where it starts. The cursor is inclusive: it is that record. */
export function pageQuery(sdk: DatabaseSdk, db: Database, request: PageRequest, cursor: Cursor | null): Query {
  const { field, start, end } = request.range;
  const read = pageSizeOf(request) + 1;
  const list = sdk.ref(db, request.path);
  if (field === null) {
    const from = cursor ? [request.descending ? sdk.endAt(cursor.key) : sdk.startAt(cursor.key)] : [];
    return sdk.query(list, sdk.orderByKey(), ...from, request.descending ? sdk.limitToLast(read) : sdk.limitToFirst(read));
  }
  if (request.descending) {
    const upTo = cursor ? sdk.endAt(cursor.value, cursor.key) : sdk.endAt(end);
    return sdk.query(list, sdk.orderByChild(field), sdk.startAt(start), upTo, sdk.limitToLast(read));
  }
  const from = cursor ? sdk.startAt(cursor.value, cursor.key) : sdk.startAt(start);
  return sdk.query(list, sdk.orderByChild(field), from, sdk.endAt(end), sdk.limitToFirst(read));
}

const isRangeValue = (value: unknown): value is RangeValue =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** What a page's snapshot holds, in the order shown, and the next page's cursor. */
export function pageFrom(snapshot: DataSnapshot, request: PageRequest): PageRead {
  const read: PageRow[] = [];
  snapshot.forEach((child) => {
    read.push({ key: child.key!, value: child.val() as unknown });
  });
  if (request.descending) read.reverse();
  const size = pageSizeOf(request);
  const beyond = read[size];
  const { field } = request.range;
  const value = beyond && field !== null ? (beyond.value as Record<string, unknown> | null)?.[field] : beyond?.key;
  return {
    rows: read.slice(0, size),
    next: beyond && isRangeValue(value) ? { value, key: beyond.key } : null,
  };
}

/** Watches one page live: onChange with the page now and on every change of it (a record arriving,
 *  moving out of the filter, or changing), until the returned function is called. */
export async function watchPage(
  source: DatabaseSource,
  request: PageRequest,
  cursor: Cursor | null,
  onChange: (page: PageRead) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [db, sdk] = await source();
  return sdk.onValue(pageQuery(sdk, db, request, cursor), (snapshot) => onChange(pageFrom(snapshot, request)), onError);
}
