/** The daily clean-up (docs/decisions/0125-operations-and-cleanup.md): what the functions keep only
 *  for a while, removed once it has served. Each part is bounded by its retention, so every read
 *  here is bounded too (a month of webhook events, a week of counters, the anonymous visitors of
 *  the last month). Run by the `cleanup` schedule in index.ts; exported for its tests. */
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { SUBMISSION_QUOTA } from '../../../src/config/data-limits';
import { CLOSED_ACCOUNTS_PATH } from '../../../src/data/users';
import { CLOSED_ACCOUNT_RETENTION_MS } from '../account/closed-accounts';
import { CLAIM_LINKS_PATH, MANAGE_LINKS_PATH } from '../../../src/data/orders';
import { RATE_LIMITS_PATH } from '../http/rate-limit';
import { STRIPE_EVENTS_PATH } from '../webhook/webhook';

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
} as const;

/** Where the guest manage links are kept (their owner is the billing code). */
/** Where the forms counted submissions from the browser before the functions did; nothing writes
 *  it any more (database.rules.json), so every window in it ends. */
const SUBMISSION_QUOTA_PATH = 'submission_quota';

export interface CleanupDependencies {
  database: Database;
  auth: Auth;
  /** Milliseconds since the epoch. */
  now: number;
  /** When to stop listing Auth users (ms since the epoch), so the run ends within its time limit;
   *  the next run resumes from the cursor. Unset: to the end. */
  stopListingAt?: number;
  /** Auth users per page: Auth's most, 1000, unless a test wants more pages. */
  authPageSize?: number;
}

/** Where the listing of Auth users keeps its place between runs (docs/decisions/0125-operations-and-cleanup.md). */
export const AUTH_CURSOR_PATH = 'cleanup_state/auth_page_token';

/** How many of each were removed. */
export interface CleanupReport {
  stripeEvents: number;
  rateLimits: number;
  submissionQuotas: number;
  claimLinks: number;
  manageLinks: number;
  closedAccounts: number;
  anonymousUsers: number;
}

const UPDATE_BATCH = 500;

/** Removes the paths in multi-path updates of at most UPDATE_BATCH paths. */
async function removeAll(database: Database, paths: string[]): Promise<number> {
  for (let start = 0; start < paths.length; start += UPDATE_BATCH) {
    await database.ref().update(Object.fromEntries(paths.slice(start, start + UPDATE_BATCH).map((path) => [path, null])));
  }
  return paths.length;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** The children of `path` (one level) and their values. */
async function childrenOf(database: Database, path: string): Promise<[string, unknown][]> {
  const value: unknown = (await database.ref(path).get()).val();
  return isRecord(value) ? Object.entries(value) : [];
}

/** Processed events older than the retention. An event without processedAt is left: the webhook
 *  records it whole, so one without is not ours to judge. */
function staleStripeEvents(deps: CleanupDependencies): Promise<string[]> {
  return childrenBefore(deps.database, STRIPE_EVENTS_PATH, 'processedAt', deps.now - RETENTION.stripeEventsMs);
}

/** The children of `path` whose `field` is a time before `cutoff`. */
async function childrenBefore(database: Database, path: string, field: string, cutoff: number): Promise<string[]> {
  return (await childrenOf(database, path))
    .filter(([, child]) => isRecord(child) && typeof child[field] === 'number' && child[field] < cutoff)
    .map(([id]) => `${path}/${id}`);
}

/** rate_limits/{bucket}/{keyHash} whose newest use is older than the retention. */
async function spentAllowances(deps: CleanupDependencies): Promise<string[]> {
  const cutoff = deps.now - RETENTION.rateLimitsMs;
  const paths: string[] = [];
  for (const [bucket, keys] of await childrenOf(deps.database, RATE_LIMITS_PATH)) {
    if (!isRecord(keys)) continue;
    for (const [key, record] of Object.entries(keys)) {
      const uses = isRecord(record) && (Array.isArray(record.uses) || isRecord(record.uses)) ? Object.values(record.uses as object) : [];
      const newest = Math.max(-Infinity, ...uses.filter((use): use is number => typeof use === 'number'));
      if (newest < cutoff) paths.push(`${RATE_LIMITS_PATH}/${bucket}/${key}`);
    }
  }
  return paths;
}

/** submission_quota/{uid}/{kind} whose window has ended. */
async function spentQuotas(deps: CleanupDependencies): Promise<string[]> {
  const paths: string[] = [];
  for (const [uid, kinds] of await childrenOf(deps.database, SUBMISSION_QUOTA_PATH)) {
    if (!isRecord(kinds)) {
      paths.push(`${SUBMISSION_QUOTA_PATH}/${uid}`);
      continue;
    }
    for (const [kind, quota] of Object.entries(kinds)) {
      const windowStart = isRecord(quota) ? numberOr(quota.windowStart, 0) : 0;
      if (windowStart + SUBMISSION_QUOTA.windowMs < deps.now) paths.push(`${SUBMISSION_QUOTA_PATH}/${uid}/${kind}`);
    }
  }
  return paths;
}

/** Links (`{expiresAt}` records) expired for longer than the retention. */
function expiredLinks(deps: CleanupDependencies, path: string): Promise<string[]> {
  return childrenBefore(deps.database, path, 'expiresAt', deps.now - RETENTION.expiredLinksMs);
}

/** closed_accounts/<uid> closed longer ago than the retention: only those are read, by the
 *  closedAt index (database.rules.json), however many accounts are closed. */
async function oldClosedAccounts(deps: CleanupDependencies): Promise<string[]> {
  const cutoff = deps.now - RETENTION.closedAccountsMs;
  const old = await deps.database.ref(CLOSED_ACCOUNTS_PATH).orderByChild('closedAt').endAt(cutoff).get();
  const paths: string[] = [];
  old.forEach((child) => {
    const closedAt = (child.val() as { closedAt?: unknown } | null)?.closedAt;
    // The query also returns records without a number there (they sort first): left alone.
    if (typeof closedAt === 'number' && closedAt <= cutoff) paths.push(`${CLOSED_ACCOUNTS_PATH}/${child.key}`);
  });
  return paths;
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
 *  size) at a time. The page token is kept after each page, so a run stopped by stopListingAt or
 *  its time limit leaves the rest to the next, which starts there; a listing that ends clears it. */
async function removeIdleAnonymousUsers(deps: CleanupDependencies): Promise<number> {
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
  } while (pageToken && (deps.stopListingAt === undefined || Date.now() < deps.stopListingAt));
  return removed;
}

export async function runCleanup(deps: CleanupDependencies): Promise<CleanupReport> {
  const { database } = deps;
  return {
    stripeEvents: await removeAll(database, await staleStripeEvents(deps)),
    rateLimits: await removeAll(database, await spentAllowances(deps)),
    submissionQuotas: await removeAll(database, await spentQuotas(deps)),
    claimLinks: await removeAll(database, await expiredLinks(deps, CLAIM_LINKS_PATH)),
    manageLinks: await removeAll(database, await expiredLinks(deps, MANAGE_LINKS_PATH)),
    closedAccounts: await removeAll(database, await oldClosedAccounts(deps)),
    anonymousUsers: await removeIdleAnonymousUsers(deps),
  };
}
