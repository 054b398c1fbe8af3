/** Data access of the forms: a submission goes to the `submitForm` function with the visitor's
 *  anonymous ID token; the function counts it, stores it and mails it
 *  (docs/decisions/0111-submissions-through-the-server.md). Only this module sends the forms. */
import { FirebaseSetupError, getVisitorClients } from '@/firebase/clients';
import { ServerUnreachableError, withinServerWait } from '@/firebase/connection';
import { callFunction, isRecord, successData, type FunctionAnswer } from '@/firebase/functions';
import { TEXT_LIMITS, type SubmissionKind } from '@/config/data-limits';
import { SERVER_WAIT_MS } from '@/config/layout';
import { SUBMIT_FORM_FUNCTION, type SubmissionFields, type SubmitFormLimited } from '@/data/submission-fields';
import type { StoreFailure, WaitLimit } from './messages';

export type { ContactFields, JoinListFields, SubmissionFields, WaitlistFields } from '@/data/submission-fields';

/** How long a submission may wait for the server before the person is told and can retry. */
export const STORE_TIMEOUT_MS = SERVER_WAIT_MS;

/** The submission could not be stored; `reason` picks the message shown. For 'quota',
 *  `waitMinutes` says how long until the next one is accepted and `limit` which limit it was. */
export class StoreError extends Error {
  readonly waitMinutes: number | undefined;
  readonly limit: WaitLimit | undefined;

  constructor(
    readonly reason: StoreFailure,
    { cause, waitMinutes, limit }: { cause?: unknown; waitMinutes?: number; limit?: WaitLimit } = {},
  ) {
    super(`The submission could not be stored (${reason})`, { cause });
    this.name = 'StoreError';
    this.waitMinutes = waitMinutes;
    this.limit = limit;
  }
}

/** Which message a failed attempt gets. */
export function storeFailureOf(error: unknown): StoreFailure {
  if (error instanceof StoreError) return error.reason;
  if (error instanceof FirebaseSetupError) return 'setup';
  if (error instanceof ServerUnreachableError) return 'timeout';
  return 'unknown';
}

/** What the function said, as a stored submission or the StoreError to show. */
export function storedOrError(answer: FunctionAnswer): { id: string; mailed: boolean } | StoreError {
  if (!answer.reached) return new StoreError(answer.reason === 'unreachable' ? 'timeout' : 'setup');
  const data = successData(answer, 201);
  if (data && typeof data.id === 'string') return { id: data.id, mailed: data.mailed === true };
  if (answer.status === 429 && isRecord(answer.body)) {
    const { retryAfterMinutes, limit } = answer.body as Partial<SubmitFormLimited>;
    return new StoreError('quota', {
      waitMinutes: typeof retryAfterMinutes === 'number' && retryAfterMinutes >= 1 ? Math.ceil(retryAfterMinutes) : undefined,
      limit: limit === 'address' ? 'address' : 'visitor',
    });
  }
  if ([400, 401, 403, 413].includes(answer.status)) return new StoreError('denied');
  return new StoreError('unknown');
}

/**
 * Sends one submission with the page it came from; resolves with its key and whether a mail went
 * out. Rejects with a StoreError when a limit is reached, when the function refuses it, cannot be
 * reached within `timeoutMs`, or the build has no Firebase or functions address. (A request that
 * timed out may still arrive; a retry then stores a second copy, which is better than none.)
 */
export async function storeSubmission<K extends SubmissionKind>(
  kind: K,
  fields: SubmissionFields[K],
  page: string,
  timeoutMs = STORE_TIMEOUT_MS,
): Promise<{ id: string; mailed: boolean }> {
  const send = (async () => {
    const visitor = await getVisitorClients();
    const idToken = await visitor.idToken();
    return callFunction(SUBMIT_FORM_FUNCTION, { body: { kind, fields, page: page.slice(0, TEXT_LIMITS.page) }, idToken });
  })();
  let answer: FunctionAnswer;
  try {
    answer = await withinServerWait(send, timeoutMs);
  } catch (error) {
    throw new StoreError(storeFailureOf(error), { cause: error });
  }
  const outcome = storedOrError(answer);
  if (outcome instanceof StoreError) throw outcome;
  return outcome;
}
