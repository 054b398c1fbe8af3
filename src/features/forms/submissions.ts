/** Data access of the forms: writes a submission to submissions/{kind}/{pushId}
 *  (docs/decisions/0007-forms-store-then-mail.md), counted against the visitor's quota (docs/decisions/0071-anonymous-visitor-quota.md).
 *  Only this module talks to the database for the forms. */
import type { Database } from 'firebase/database';
import { FirebaseSetupError, getVisitorClients } from '@/firebase/clients';
import { ServerUnreachableError, withinServerWait } from '@/firebase/connection';
import { TEXT_LIMITS, type SubmissionKind } from '@/config/data-limits';
import { SERVER_WAIT_MS } from '@/config/layout';
import type { StoreFailure } from './messages';
import { minutesUntil, nextQuotaStep, quotaRecord } from './submission-quota';

type DatabaseSdk = typeof import('firebase/database');

export interface ContactFields {
  name: string;
  email: string;
  phone: string;
  city: string;
  message: string;
}

export interface JoinListFields {
  full__name: string;
  email: string;
}

export interface SubmissionFields {
  contact: ContactFields;
  waitlist: JoinListFields;
  preorder: JoinListFields;
}

/** How long a write may wait for the database before the person is told and can retry. */
export const STORE_TIMEOUT_MS = SERVER_WAIT_MS;

/** The submission could not be stored; `reason` picks the message shown. For 'quota',
 *  `waitMinutes` says how long until the next one is accepted. */
export class StoreError extends Error {
  readonly waitMinutes: number | undefined;

  constructor(
    readonly reason: StoreFailure,
    { cause, waitMinutes }: { cause?: unknown; waitMinutes?: number } = {},
  ) {
    super(`The submission could not be stored (${reason})`, { cause });
    this.name = 'StoreError';
    this.waitMinutes = waitMinutes;
  }
}

/** Which message a failed attempt gets. */
export function storeFailureOf(error: unknown): StoreFailure {
  if (error instanceof StoreError) return error.reason;
  if (error instanceof FirebaseSetupError) return 'setup';
  if (error instanceof ServerUnreachableError) return 'timeout';
  const text = `${(error as { code?: string } | null)?.code ?? ''} ${error instanceof Error ? error.message : String(error)}`;
  return /permission[_ ]denied/i.test(text) ? 'denied' : 'unknown';
}

/** The server's clock as this client estimates it (the SDK measures the offset on connecting). */
function serverNow(database: Database, sdk: DatabaseSdk): Promise<number> {
  return new Promise((resolve) => {
    sdk.onValue(sdk.ref(database, '.info/serverTimeOffset'), (snapshot) => resolve(Date.now() + (Number(snapshot.val()) || 0)), {
      onlyOnce: true,
    });
  });
}

/** Reads the visitor's quota for `kind`: the next step, and the server time it was judged at. */
async function quotaStep(database: Database, sdk: DatabaseSdk, quotaPath: string) {
  const [stored, now] = await Promise.all([sdk.get(sdk.ref(database, quotaPath)), serverNow(database, sdk)]);
  return { step: nextQuotaStep(stored.val(), now), now };
}

function exhausted(retryAt: number, now: number): StoreError {
  return new StoreError('quota', { waitMinutes: minutesUntil(retryAt, now) });
}

/**
 * Stores one submission with the server's time and the page it came from; resolves with its key.
 * The record and the visitor's next quota step go in one write, as the rules require (at most
 * SUBMISSION_QUOTA.max of a kind per window). Rejects with a StoreError when the quota is used up,
 * when the database refuses it, cannot be reached within STORE_TIMEOUT_MS, or is not configured.
 * (A write that timed out stays queued in the SDK and may still arrive later; a retry then stores
 * a second copy, which is better than none.)
 */
export async function storeSubmission<K extends SubmissionKind>(
  kind: K,
  fields: SubmissionFields[K],
  page: string,
  timeoutMs = STORE_TIMEOUT_MS,
): Promise<string> {
  const write = (async () => {
    const [{ database, uid }, sdk] = await Promise.all([getVisitorClients(), import('firebase/database')]);
    const quotaPath = `submission_quota/${uid}/${kind}`;
    const { step, now } = await quotaStep(database, sdk, quotaPath);
    if (step.kind === 'exhausted') throw exhausted(step.retryAt, now);
    const key = sdk.push(sdk.ref(database, `submissions/${kind}`)).key!;
    const record = { ...fields, createdAt: sdk.serverTimestamp(), page: page.slice(0, TEXT_LIMITS.page) };
    try {
      await sdk.update(sdk.ref(database), {
        [`submissions/${kind}/${key}`]: record,
        [quotaPath]: quotaRecord(step, key, sdk.serverTimestamp()),
      });
    } catch (error) {
      // Another tab may have used the last step meanwhile, or the clocks disagree by a little:
      // when the quota is what stands in the way, say so rather than "not accepted".
      const again = await quotaStep(database, sdk, quotaPath).catch(() => null);
      if (again?.step.kind === 'exhausted') throw exhausted(again.step.retryAt, again.now);
      throw error;
    }
    return key;
  })();
  try {
    return await withinServerWait(write, timeoutMs);
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError(storeFailureOf(error), { cause: error });
  }
}
