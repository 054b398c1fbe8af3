/** The list keys on what was stored before they existed, or stored wrong: submissions without their
 *  state and six keys (or with keys their fields no longer give), accounts without their
 *  customer_index line and lines left by accounts since deleted, orders with a trade-in without its
 *  tradeInState
 *  (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page). Walked a page at
 *  a time from a cursor kept between runs until a deadline, at the end of the daily clean-up, so a
 *  million records take days of a few minutes rather than one run that cannot finish. */
import { isDeepStrictEqual } from 'node:util';
import type { Database } from 'firebase-admin/database';
import { SUBMISSION_KINDS, type SubmissionKind } from '../../../src/config/data-limits';
import { customerIndexEntry } from '../../../src/data/customer-index-entry';
import { CUSTOMER_INDEX_PATH } from '../../../src/data/list-index';
import { tradeInStateOf, withTradeInState } from '../../../src/data/order-index-fields';
import { ORDERS_PATH, orderPath } from '../../../src/data/orders';
import { submissionIndexFields, submissionIndexStale } from '../../../src/data/submission-index-fields';
import type { StoredUser } from '../../../src/data/users';
import { transact } from '../staff/transaction';
import { syncCustomerIndex } from './customer-index';
import { walkInPages, type Page } from './pages';

/** Where the backfill keeps its place: the step and the key it stopped after. */
export const LIST_INDEX_CURSOR_PATH = 'jobs/listIndex/cursor';

/** Records read per page: one query, and a write for each record found wanting. */
export const LIST_INDEX_PAGE_SIZE = 500;

/** The lists walked, in order: each kind of submission, the accounts, the customer list's lines
 *  (for those whose account is gone), the orders. */
export const LIST_INDEX_STEPS = [...SUBMISSION_KINDS, 'users', 'customerLines', 'orders'] as const;
export type ListIndexStep = (typeof LIST_INDEX_STEPS)[number];

export interface ListIndexBackfill {
  /** Records given their keys, by what they are. */
  submissions: number;
  customers: number;
  orders: number;
  /** Where the deadline stopped it (the next run goes on there), or null when it walked everything. */
  stoppedAt: { step: ListIndexStep; after: string } | null;
}

interface Carry {
  step: ListIndexStep;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A submission's keys rewritten from the record as it is when the transaction runs, so a staff
 *  change of state made meanwhile is never undone. */
async function indexSubmission(database: Database, kind: SubmissionKind, id: string): Promise<boolean> {
  let wrote = false;
  await transact<Record<string, unknown>>(database.ref(`submissions/${kind}/${id}`), (current) => {
    wrote = false;
    if (current === null) return null;
    if (!isRecord(current) || !submissionIndexStale(kind, current)) return undefined;
    wrote = true;
    return { ...current, ...submissionIndexFields(kind, current) };
  });
  return wrote;
}

/** An order's tradeInState put right, in a transaction like the trade-in's own changes. */
async function indexOrder(database: Database, id: string): Promise<boolean> {
  let wrote = false;
  await transact<Record<string, unknown>>(database.ref(orderPath(id)), (current) => {
    wrote = false;
    if (current === null) return null;
    if (!isRecord(current) || (current.tradeInState ?? null) === tradeInStateOf(current)) return undefined;
    wrote = true;
    return withTradeInState(current);
  });
  return wrote;
}

async function countFixed(checks: Promise<boolean>[]): Promise<number> {
  return (await Promise.all(checks)).filter(Boolean).length;
}

/** One page of a step: only the records found wanting are written. */
async function visitPage(database: Database, step: ListIndexStep, page: Page): Promise<number> {
  if (step === 'users') {
    const [first, last] = [page[0]![0], page.at(-1)![0]];
    const lines = ((await database.ref(CUSTOMER_INDEX_PATH).orderByKey().startAt(first).endAt(last).get()).val() ?? {}) as Record<
      string,
      unknown
    >;
    return countFixed(
      page
        .filter(([uid, user]) => isRecord(user) && !isDeepStrictEqual(lines[uid], customerIndexEntry(user as StoredUser)))
        .map(async ([uid]) => (await syncCustomerIndex(database, uid)) !== 'unchanged'),
    );
  }
  if (step === 'customerLines') {
    // A line whose account was deleted while the trigger missed the event would list a person who
    // has left; syncCustomerIndex removes it when it finds no profile.
    const [first, last] = [page[0]![0], page.at(-1)![0]];
    const users = ((await database.ref('users').orderByKey().startAt(first).endAt(last).get()).val() ?? {}) as Record<string, unknown>;
    return countFixed(
      page.filter(([uid]) => users[uid] === undefined).map(async ([uid]) => (await syncCustomerIndex(database, uid)) !== 'unchanged'),
    );
  }
  if (step === 'orders') {
    return countFixed(
      page
        .filter(([, order]) => isRecord(order) && (order.tradeInState ?? null) !== tradeInStateOf(order))
        .map(([id]) => indexOrder(database, id)),
    );
  }
  return countFixed(
    page.filter(([, record]) => isRecord(record) && submissionIndexStale(step, record)).map(([id]) => indexSubmission(database, step, id)),
  );
}

const PATHS: Record<ListIndexStep, string> = {
  ...(Object.fromEntries(SUBMISSION_KINDS.map((kind) => [kind, `submissions/${kind}`])) as Record<SubmissionKind, string>),
  users: 'users',
  customerLines: CUSTOMER_INDEX_PATH,
  orders: ORDERS_PATH,
};

const isCarry = (value: unknown): value is Carry => isRecord(value) && (LIST_INDEX_STEPS as readonly unknown[]).includes(value.step);

/** Walks every step from the saved place until the deadline; reports what it wrote. */
export async function backfillListIndex(
  database: Database,
  options: { deadline: number; pageSize?: number; now?: () => number },
): Promise<ListIndexBackfill> {
  const saved = ((await database.ref(LIST_INDEX_CURSOR_PATH).get()).val() as { carry?: unknown } | null)?.carry;
  const steps = isCarry(saved) ? LIST_INDEX_STEPS.slice(LIST_INDEX_STEPS.indexOf(saved.step)) : LIST_INDEX_STEPS;
  const report: ListIndexBackfill = { submissions: 0, customers: 0, orders: 0, stoppedAt: null };
  for (const step of steps) {
    const counted: keyof Omit<ListIndexBackfill, 'stoppedAt'> =
      step === 'users' || step === 'customerLines' ? 'customers' : step === 'orders' ? 'orders' : 'submissions';
    const walked = await walkInPages<Carry>(database, {
      path: PATHS[step],
      cursorPath: LIST_INDEX_CURSOR_PATH,
      pageSize: options.pageSize ?? LIST_INDEX_PAGE_SIZE,
      deadline: options.deadline,
      now: options.now,
      initial: { step },
      resumes: (carry) => isCarry(carry) && carry.step === step,
      visit: async (page, carry) => {
        report[counted] += await visitPage(database, step, page);
        return carry;
      },
    });
    if (!walked.finished) {
      report.stoppedAt = { step, after: walked.to ?? '' };
      return report;
    }
  }
  return report;
}
