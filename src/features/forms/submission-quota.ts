/** The step a new submission takes on its sender's quota (database.rules.json,
 *  submission_quota/<uid>/<kind>): the form computes it, the rules check it. No Firebase here, so
 *  the rules tests write exactly what the forms write. */
// Relative, not '@/': the rules tests (Node side) import this module too.
import { SUBMISSION_QUOTA } from '../../config/data-limits';

export interface StoredQuota {
  count: number;
  windowStart: number;
  lastId: string;
}

export type QuotaStep =
  /** The first submission of a new window: count 1, windowStart = the server's time. */
  | { kind: 'new-window' }
  /** One more within the current window. */
  | { kind: 'next'; count: number; windowStart: number }
  /** The window is full: the next submission is accepted from `retryAt` (server time, ms). */
  | { kind: 'exhausted'; retryAt: number };

function isStoredQuota(value: unknown): value is StoredQuota {
  const v = value as Partial<StoredQuota> | null;
  return typeof v === 'object' && v !== null && typeof v.count === 'number' && typeof v.windowStart === 'number';
}

/** What the next submission may do, given the stored quota and the server's time now. */
export function nextQuotaStep(stored: unknown, serverNow: number): QuotaStep {
  if (!isStoredQuota(stored)) return { kind: 'new-window' };
  const windowEnd = stored.windowStart + SUBMISSION_QUOTA.windowMs;
  if (windowEnd <= serverNow) return { kind: 'new-window' };
  if (stored.count >= SUBMISSION_QUOTA.max) return { kind: 'exhausted', retryAt: windowEnd };
  return { kind: 'next', count: stored.count + 1, windowStart: stored.windowStart };
}

/** The quota record to write with the submission `key`; `serverTime` is the SDK's serverTimestamp(). */
export function quotaRecord<T>(step: Exclude<QuotaStep, { kind: 'exhausted' }>, key: string, serverTime: T) {
  return step.kind === 'new-window'
    ? { count: 1, windowStart: serverTime, lastId: key }
    : { count: step.count, windowStart: step.windowStart, lastId: key };
}

/** Whole minutes until `retryAt`, at least one, for the message that asks the person to wait. */
export function minutesUntil(retryAt: number, serverNow: number): number {
  return Math.max(1, Math.ceil((retryAt - serverNow) / 60_000));
}
