// The console's lists are read a page at a time (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page):
// staff may read a list only as a query that asks for at most LIST_PAGE_LIMIT records with
// limitToFirst or limitToLast. A plain read or listen of the whole node, a query without a limit
// and one over the limit are refused to everyone, staff included, so no client (ours, or a script
// holding a staff token) can pull a list of a million records at once. A limited query is refused
// to everyone who is not staff now: customers, visitors, forged roles, former staff.
import { expect } from 'vitest';
import { limitToFirst, limitToLast, orderByChild, query, ref, type QueryConstraint } from 'firebase/database';
import { CUSTOMER_INDEX_PATH, LIST_PAGE_LIMIT, LIST_PAGE_SIZE, type CustomerIndexEntry } from '../../src/data/list-index';
import { accessMatrix, listenOnce, rowsOn, valueOf, type MatrixPath, type MatrixRow } from './matrix.testing';
import { OTHER_UID, OWNER_UID } from './rules.testing';
import { EVERYTHING, NOBODY, STAFF, STAFF_CAST, type StaffActor } from './staff-cast.testing';

const keysOf = (snap: unknown) => Object.keys((valueOf(snap) as object | null) ?? {});

const line = (name: string, at: number): CustomerIndexEntry => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  at,
  e: `${name.toLowerCase()}@example.com`,
  n: name.toLowerCase(),
});
const CUSTOMER_LINES = {
  [`${CUSTOMER_INDEX_PATH}/${OWNER_UID}`]: line('Alice', 1_795_000_000_000),
  [`${CUSTOMER_INDEX_PATH}/${OTHER_UID}`]: line('Bob', 1_795_000_100_000),
};

/** The rows every paged list has: the whole node refused three ways, a page over the limit refused,
 *  a page within it allowed to staff alone and holding the records asked for. */
function pagedRows(path: string, seed: Record<string, unknown>, by: QueryConstraint, keys: string[]): MatrixRow<StaffActor>[] {
  const on = rowsOn<StaffActor>(seed);
  const page = (op: string, limit: QueryConstraint, allowed: readonly StaffActor[]): MatrixRow<StaffActor> =>
    on.query(op, path, [by, limit], allowed, (snap) => expect(keysOf(snap).sort()).toEqual([...keys].sort()));
  return [
    on.get('read the whole list (get)', path, NOBODY),
    on.listen('listen to the whole list (onValue)', path, NOBODY),
    on.query('query without a limit (every record in order)', path, [by], NOBODY),
    on.query(`query with limitToFirst(${LIST_PAGE_LIMIT + 1})`, path, [by, limitToFirst(LIST_PAGE_LIMIT + 1)], NOBODY),
    on.query(`query with limitToLast(${LIST_PAGE_LIMIT + 1})`, path, [by, limitToLast(LIST_PAGE_LIMIT + 1)], NOBODY),
    page(`a page: limitToLast(${LIST_PAGE_SIZE})`, limitToLast(LIST_PAGE_SIZE), STAFF),
    page(`the largest page: limitToFirst(${LIST_PAGE_LIMIT})`, limitToFirst(LIST_PAGE_LIMIT), STAFF),
    {
      op: `listen to a page: onValue(limitToLast(${LIST_PAGE_SIZE}))`,
      seed,
      run: (db) => listenOnce(query(ref(db, path), by, limitToLast(LIST_PAGE_SIZE))),
      allowed: STAFF,
      result: (snap) => expect(keysOf(snap).sort()).toEqual([...keys].sort()),
    },
  ];
}

const withLines = { ...EVERYTHING, ...CUSTOMER_LINES };

const PATHS: MatrixPath<StaffActor>[] = [
  {
    path: 'customer_index (the customer list)',
    rows: [
      ...pagedRows(CUSTOMER_INDEX_PATH, withLines, orderByChild('at'), [OWNER_UID, OTHER_UID]),
      rowsOn<StaffActor>(withLines).get('read one line (get customer_index/{uid})', `${CUSTOMER_INDEX_PATH}/${OWNER_UID}`, NOBODY),
      rowsOn<StaffActor>(withLines).set(
        'write one’s own line (to be listed under another name)',
        `${CUSTOMER_INDEX_PATH}/${OWNER_UID}`,
        line('Mallory', 1),
        NOBODY,
      ),
      rowsOn<StaffActor>(withLines).remove('delete the list', CUSTOMER_INDEX_PATH, NOBODY),
    ],
  },
];

accessMatrix<StaffActor>('staff-paging', PATHS, STAFF_CAST);
