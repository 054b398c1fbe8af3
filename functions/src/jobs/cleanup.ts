/** The daily clean-up (docs/decisions/0125-operations-and-cleanup.md): what the functions keep only
 *  for a while, removed once it has served, then the console's counters recounted. A retention
 *  bounds what is kept, not what a run must read at a million visitors, so every part reads a page
 *  at a time, by a time index or from a cursor kept between runs, and stops at the run's deadline;
 *  the next run goes on. Run by the `cleanup` schedule in index.ts; exported for its tests. */
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { SUBMISSION_QUOTA } from '../../../src/config/data-limits';
import { CLOSED_ACCOUNTS_PATH } from '../../../src/data/users';
import { CLOSED_ACCOUNT_RETENTION_MS } from '../account/closed-accounts';
import { CLAIM_LINKS_PATH, MANAGE_LINKS_PATH } from '../../../src/data/orders';
import { RATE_LIMITS_PATH } from '../http/rate-limit';
import { STRIPE_EVENTS_PATH } from '../webhook/webhook';
import type { CounterRecount } from '../../../src/data/staff';
import { backfillListIndex, type ListIndexBackfill } from './list-index-backfill';
import { walkInPages } from './pages';
import { COUNTER_EVENTS_PATH, COUNTER_EVENT_RETENTION_MS, recountCounters } from './staff-counters';

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETENTION = {
  /** A processed Stripe event is kept to answer a redelivery: Stripe retries for up to three days,
   *  and a month also covers a replay from the Dashboard. */
  stripeEventsMs: 30 * DAY_MS,
  /** An allowance's uses are spent once older than its window; the longest window is a day
   *  (src/config/data-limits.ts), so a week without use leaves nothing to count. */
  rateLimitsMs: 7 * DAY_MS,
  /** An anonymous visitor (the forms' identity) not seen for a month starts afresh if they return. */
  anonymousUsersMs: 30 * DAY_MS,
  /** A claim or manage link past its expiry still answers "expired" (not "unknown") for a month. */
  expiredLinksMs: 30 * DAY_MS,
  /** closed_accounts/<uid> refuses a closed account's writes while its ID tokens may live (an
   *  hour; docs/decisions/0119-account-deletion-and-retention.md). */
  closedAccountsMs: CLOSED_ACCOUNT_RETENTION_MS,
  /** The counters' ledger of events taken (functions/src/jobs/staff-counters.ts). */
  counterEventsMs: COUNTER_EVENT_RETENTION_MS,
} as const;

/** Where the forms counted submissions from the browser before the functions did; nothing writes
 *  it any more (database.rules.json), so every window in it ends. */
const SUBMISSION_QUOTA_PATH = 'submission_quota';

export interface CleanupDependencies {
  database: Database;
  auth: Auth;
  /** Milliseconds since the epoch. */
  now: number;
  /** When to stop (ms since the epoch, read against `clock`), so the run ends within its time
   *  limit; each part then saves its place and the next run goes on. Infinity: to the end. */
  deadline: number;
  /** The clock the deadline is read against; Date.now unless a test runs its own. */
  clock?: () => number;
  /** Records per page (CLEANUP_PAGE_SIZE unless a test wants more pages). */
  pageSize?: number;
  /** Auth users per page: Auth's most, 1000, unless a test wants more pages. */
  authPageSize?: number;
}

/** Where the listing of Auth users keeps its place between runs (docs/decisions/0125-operations-and-cleanup.md). */
export const AUTH_CURSOR_PATH = 'cleanup_state/auth_page_token';

/** How many of each were removed, where a part stopped when the run's time ran out, and the
 *  counters' recount. */
export interface CleanupReport {
  stripeEvents: number;
  rateLimits: number;
  submissionQuotas: number;
  claimLinks: number;
  manageLinks: number;
  closedAccounts: number;
  counterEvents: number;
  anonymousUsers: number;
  /** The parts the deadline stopped, each with where it stopped; the next run goes on there. */
  unfinished: Partial<Record<CleanupPart, string>>;
  recount: CounterRecount;
  /** The list keys written on records stored without them (list-index-backfill.ts). */
  listIndex: ListIndexBackfill;
}

export type CleanupPart = Exclude<keyof CleanupReport, 'unfinished' | 'recount' | 'listIndex'>;

/** Records read or deleted per page: a page is one query and one multi-path update. */
export const CLEANUP_PAGE_SIZE = 500;

/** Where the walks of the parts without a time index keep their place between runs. */
export const CLEANUP_CURSOR_PATH = 'jobs/cleanup/cursor';

/** Every bucket a function counts in rate_limits (a test holds this to the code's buckets): the
 *  clean-up walks each by key, since reading rate_limits whole would read every bucket at once. */
export const RATE_LIMIT_BUCKETS = [
  'submission-address',
  'submission-mail-recipient',
  'checkout-summary-miss',
  'guest-portal-miss',
  'account-export',
  'staff-verification-mail',
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

interface PartRun {
  removed: number;
  /** Where it stopped, when the deadline came first. */
  stoppedAt?: string;
}

const pageSizeOf = (deps: CleanupDependencies) => deps.pageSize ?? CLEANUP_PAGE_SIZE;
const clock = (deps: CleanupDependencies) => deps.clock ?? Date.now;

/** Removes the paths in one multi-path update. */
async function removeAll(database: Database, paths: string[]): Promise<number> {
  if (paths.length > 0) await database.ref().update(Object.fromEntries(paths.map((path) => [path, null])));
  return paths.length;
}

/**
 * The children of `path` whose `field` (a time, ms) is at or before `cutoff`, found by the field's
 * index (database.rules.json) a page at a time and removed, until none is left or the deadline.
 * Removed records leave the query, so no cursor is needed. A child without a number there is not
 * ours to judge and is never found (numbers sort after null and booleans).
 */
async function removeByTime(deps: CleanupDependencies, path: string, field: string, cutoff: number): Promise<PartRun> {
  const size = pageSizeOf(deps);
  let removed = 0;
  for (;;) {
    const found = await deps.database.ref(path).orderByChild(field).startAt(0).endAt(cutoff).limitToFirst(size).get();
    const paths: string[] = [];
    found.forEach((child) => {
      paths.push(`${path}/${child.key}`);
    });
    removed += await removeAll(deps.database, paths);
    if (paths.length < size) return { removed };
    if (clock(deps)() >= deps.deadline) return { removed, stoppedAt: `${removed} removed, more left` };
  }
}

/** Walks `path` by key from its cursor, removing what `spent` picks from each page. */
async function removeByWalk(
  deps: CleanupDependencies,
  path: string,
  cursorName: string,
  spent: (key: string, value: unknown) => string[],
): Promise<PartRun> {
  const walked = await walkInPages<number>(deps.database, {
    path,
    cursorPath: `${CLEANUP_CURSOR_PATH}/${cursorName}`,
    pageSize: pageSizeOf(deps),
    deadline: deps.deadline,
    now: clock(deps),
    initial: 0,
    visit: async (page, removed) =>
      removed +
      (await removeAll(
        deps.database,
        page.flatMap(([key, value]) => spent(key, value)),
      )),
  });
  return walked.finished ? { removed: walked.carry } : { removed: walked.carry, stoppedAt: `after ${walked.to}` };
}

/** rate_limits/{bucket}/{key} whose newest use is older than the retention, bucket by bucket. */
async function spentAllowances(deps: CleanupDependencies): Promise<PartRun> {
  const cutoff = deps.now - RETENTION.rateLimitsMs;
  let removed = 0;
  const stopped: string[] = [];
  // Every bucket takes at least a page each run, so a large one never holds the others back.
  for (const bucket of RATE_LIMIT_BUCKETS) {
    const path = `${RATE_LIMITS_PATH}/${bucket}`;
    const part = await removeByWalk(deps, path, `rate_limits/${bucket}`, (key, record) => {
      const uses = isRecord(record) && (Array.isArray(record.uses) || isRecord(record.uses)) ? Object.values(record.uses as object) : [];
      const newest = Math.max(-Infinity, ...uses.filter((use): use is number => typeof use === 'number'));
      return newest < cutoff ? [`${path}/${key}`] : [];
    });
    removed += part.removed;
    if (part.stoppedAt !== undefined) stopped.push(`${bucket} ${part.stoppedAt}`);
  }
  return stopped.length > 0 ? { removed, stoppedAt: stopped.join('; ') } : { removed };
}

/** submission_quota/{uid}/{kind} whose window has ended. */
function spentQuotas(deps: CleanupDependencies): Promise<PartRun> {
  return removeByWalk(deps, SUBMISSION_QUOTA_PATH, 'submission_quota', (uid, kinds) => {
    if (!isRecord(kinds)) return [`${SUBMISSION_QUOTA_PATH}/${uid}`];
    return Object.entries(kinds)
      .filter(([, quota]) => (isRecord(quota) ? numberOr(quota.windowStart, 0) : 0) + SUBMISSION_QUOTA.windowMs < deps.now)
      .map(([kind]) => `${SUBMISSION_QUOTA_PATH}/${uid}/${kind}`);
  });
}

/** An anonymous Auth user: no provider, no email. */
export function isAnonymous(user: UserRecord): boolean {
  return user.providerData.length === 0 && !user.email;
}

/** When the user was last seen: the last token refresh, else the last sign-in, else creation. */
function lastSeen(user: UserRecord): number {
  const { lastRefreshTime, lastSignInTime, creationTime } = user.metadata;
  return Date.parse(lastRefreshTime ?? lastSignInTime ?? creationTime);
}

/** Anonymous users not seen within the retention, removed a page (at most 1000, Auth's batch
 *  size) at a time. The page token is kept after each page, so a run stopped by its deadline or
 *  its time limit leaves the rest to the next, which starts there; a listing that ends clears it. */
async function removeIdleAnonymousUsers(deps: CleanupDependencies): Promise<PartRun> {
  const cutoff = deps.now - RETENTION.anonymousUsersMs;
  const cursor = deps.database.ref(AUTH_CURSOR_PATH);
  const saved: unknown = (await cursor.get()).val();
  let pageToken = typeof saved === 'string' && saved !== '' ? saved : undefined;
  let removed = 0;
  do {
    const page = await deps.auth.listUsers(deps.authPageSize ?? 1000, pageToken);
    const idle = page.users.filter((user) => isAnonymous(user) && lastSeen(user) < cutoff).map((user) => user.uid);
    if (idle.length > 0) removed += (await deps.auth.deleteUsers(idle)).successCount;
    pageToken = page.pageToken;
    await cursor.set(pageToken ?? null);
  } while (pageToken && clock(deps)() < deps.deadline);
  return pageToken ? { removed, stoppedAt: 'a page of Auth users, more left' } : { removed };
}

/** One run: each part in turn until the deadline, then the counters' recount and the list keys'
 *  backfill with what is left of it. */
export async function runCleanup(deps: CleanupDependencies): Promise<CleanupReport> {
  const parts: [CleanupPart, () => Promise<PartRun>][] = [
    ['stripeEvents', () => removeByTime(deps, STRIPE_EVENTS_PATH, 'processedAt', deps.now - RETENTION.stripeEventsMs)],
    ['rateLimits', () => spentAllowances(deps)],
    ['submissionQuotas', () => spentQuotas(deps)],
    ['claimLinks', () => removeByTime(deps, CLAIM_LINKS_PATH, 'expiresAt', deps.now - RETENTION.expiredLinksMs)],
    ['manageLinks', () => removeByTime(deps, MANAGE_LINKS_PATH, 'expiresAt', deps.now - RETENTION.expiredLinksMs)],
    ['closedAccounts', () => removeByTime(deps, CLOSED_ACCOUNTS_PATH, 'closedAt', deps.now - RETENTION.closedAccountsMs)],
    ['counterEvents', () => removeByTime(deps, COUNTER_EVENTS_PATH, 'at', deps.now - RETENTION.counterEventsMs)],
    ['anonymousUsers', () => removeIdleAnonymousUsers(deps)],
  ];
  const removed = {} as Record<CleanupPart, number>;
  const unfinished: CleanupReport['unfinished'] = {};
  for (const [part, run] of parts) {
    // Past the deadline a part still takes one page, so every part moves on every day.
    const { removed: count, stoppedAt } = await run();
    removed[part] = count;
    if (stoppedAt !== undefined) unfinished[part] = stoppedAt;
  }
  const paging = { deadline: deps.deadline, pageSize: deps.pageSize, now: clock(deps) };
  const recount = await recountCounters(deps.database, paging);
  const listIndex = await backfillListIndex(deps.database, paging);
  return { ...removed, unfinished, recount, listIndex };
}
