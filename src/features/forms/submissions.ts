/** Data access of the forms: writes a submission to submissions/{kind}/{pushId} (architecture
 *  decision 5: stored first, then mailed). Only this module talks to the database for the forms. */
import { FirebaseSetupError, getDatabaseClient } from '@/firebase/clients';
import { ServerUnreachableError, withinServerWait } from '@/firebase/connection';
import { TEXT_LIMITS, type SubmissionKind } from '@/config/data-limits';
import { SERVER_WAIT_MS } from '@/config/layout';
import type { StoreFailure } from './messages';

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

/** The submission could not be stored; `reason` picks the message shown. */
export class StoreError extends Error {
  constructor(
    readonly reason: StoreFailure,
    options?: { cause?: unknown },
  ) {
    super(`The submission could not be stored (${reason})`, options);
    this.name = 'StoreError';
  }
}

function reasonOf(error: unknown): StoreFailure {
  if (error instanceof FirebaseSetupError) return 'setup';
  if (error instanceof ServerUnreachableError) return 'timeout';
  const text = `${(error as { code?: string } | null)?.code ?? ''} ${error instanceof Error ? error.message : String(error)}`;
  return /permission[_ ]denied/i.test(text) ? 'denied' : 'unknown';
}

/**
 * Stores one submission with the server's time and the page it came from; resolves with its key.
 * Rejects with a StoreError when the database refuses it, cannot be reached within
 * STORE_TIMEOUT_MS, or is not configured. (A write that timed out stays queued in the SDK and may
 * still arrive later; a retry then stores a second copy, which is better than none.)
 */
export async function storeSubmission<K extends SubmissionKind>(
  kind: K,
  fields: SubmissionFields[K],
  page: string,
  timeoutMs = STORE_TIMEOUT_MS,
): Promise<string> {
  const write = (async () => {
    const [database, { push, ref, serverTimestamp, set }] = await Promise.all([getDatabaseClient(), import('firebase/database')]);
    const record = push(ref(database, `submissions/${kind}`));
    await set(record, { ...fields, createdAt: serverTimestamp(), page: page.slice(0, TEXT_LIMITS.page) });
    return record.key!;
  })();
  try {
    return await withinServerWait(write, timeoutMs);
  } catch (error) {
    throw new StoreError(reasonOf(error), { cause: error });
  }
}
