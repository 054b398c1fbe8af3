/** A per-key allowance kept in the database: at most `max` uses of a bucket by one key (a client
 *  address, a visitor, a recipient) in any `windowMs`. Counted in a transaction on the key's own
 *  record, so concurrent requests, even on different instances, cannot both take the last use
 *  (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). Closed to browsers by the rules'
 *  default: only the functions count. */
import { createHash } from 'node:crypto';
import type { Database } from 'firebase-admin/database';

export const RATE_LIMITS_PATH = 'rate_limits';

/** rate_limits/{bucket}/{keyHash}: when each use still inside the window was taken (ms, oldest
 *  first); at most `max` of them. */
export interface AllowanceRecord {
  uses: number[];
}

export interface AllowanceRequest {
  /** What is counted, e.g. 'checkout-summary-miss': lower-case letters, digits and dashes. */
  bucket: string;
  /** Who is counted. Stored only as a hash: an address or an email is not kept in the clear, and
   *  any string becomes a valid database key. */
  key: string;
  /** Uses allowed in any window. */
  max: number;
  windowMs: number;
  /** Milliseconds since the epoch. */
  now: number;
}

export type Allowance =
  | { allowed: true; /** uses left in the window after this one */ remaining: number }
  | { allowed: false; /** when the oldest use leaves the window */ retryAfterMs: number };

const BUCKET_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The database key of a counted key: its SHA-256, hex (not reversible for the person counted). */
export function allowanceKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function usesOf(record: unknown): number[] {
  const uses = (record as Partial<AllowanceRecord> | null)?.uses;
  // The database gives back an array it stored as one; an object with numeric keys otherwise.
  const values = Array.isArray(uses) ? uses : typeof uses === 'object' && uses !== null ? Object.values(uses) : [];
  return values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
}

/** Takes one use of the bucket for the key if the window has one left. A sliding window: the uses
 *  of the last `windowMs` are kept, so no burst at a window's edge doubles the allowance. */
export async function takeAllowance(database: Database, request: AllowanceRequest): Promise<Allowance> {
  const { bucket, key, max, windowMs, now } = request;
  if (!BUCKET_PATTERN.test(bucket)) throw new Error(`Bucket "${bucket}" must be lower-case letters, digits and dashes`);
  if (!Number.isSafeInteger(max) || max < 1) throw new Error('max must be a positive whole number');
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) throw new Error('windowMs must be a positive whole number of milliseconds');

  let decision: Allowance = { allowed: false, retryAfterMs: windowMs };
  const ref = database.ref(`${RATE_LIMITS_PATH}/${bucket}/${allowanceKey(key)}`);
  // Not applied locally (third argument): a tentative count must not be what a concurrent
  // request on this instance reads before the server has answered.
  await ref.transaction(
    (current: unknown) => {
      const recent = usesOf(current).filter((at) => at > now - windowMs);
      if (recent.length >= max) {
        decision = { allowed: false, retryAfterMs: Math.max(1, recent[recent.length - max] + windowMs - now) };
        return undefined;
      }
      decision = { allowed: true, remaining: max - recent.length - 1 };
      const record: AllowanceRecord = { uses: [...recent, now] };
      return record;
    },
    undefined,
    false,
  );
  return decision;
}
