/**
 * The console's changes: each one is a call to the `staff` function with the staff member's ID
 * token, which checks the role claim, acts and writes the audit entry
 * (docs/decisions/0108-staff-console.md). The browser never writes a staff field itself. An
 * outcome is either the function's data or a sentence to show: the function's own refusal text
 * when it gave one.
 */
import type { User } from 'firebase/auth';
import { callFunction, isRecord, refusalOf, serviceMessages, type FunctionAnswer } from '@/firebase/functions';
import { STAFF_FUNCTION, type StaffAction, type StaffRequest, type StaffResults } from '@/data/staff';

export const STAFF_API_MESSAGES = {
  ...serviceMessages('staff'),
  notConfigured: 'The staff service is not set up on this site.',
  signedOut: 'Your session has ended. Sign in again to carry on.',
  forbidden: 'Your role does not allow this.',
  notFound: 'That record no longer exists. The list shows what is there now.',
  conflict: 'Someone changed this meanwhile. The list shows where it stands now.',
  malformed: 'The staff service answered something this page cannot read. Reload the page and try again.',
} as const;

export type StaffOutcome<T> = { ok: true; data: T } | { ok: false; status: number | null; message: string };

function fallbackMessage(status: number): string {
  if (status === 401) return STAFF_API_MESSAGES.signedOut;
  if (status === 403) return STAFF_API_MESSAGES.forbidden;
  if (status === 404) return STAFF_API_MESSAGES.notFound;
  if (status === 409) return STAFF_API_MESSAGES.conflict;
  return STAFF_API_MESSAGES.refused(status);
}

/** The function's answer as an outcome: `{statusCode, data}` on a 2xx, its refusal otherwise. */
export function staffOutcome(answer: FunctionAnswer): StaffOutcome<Record<string, unknown>> {
  if (!answer.reached) {
    return {
      ok: false,
      status: null,
      message: answer.reason === 'unreachable' ? STAFF_API_MESSAGES.unreachable : STAFF_API_MESSAGES.notConfigured,
    };
  }
  if (answer.status >= 200 && answer.status < 300) {
    const body = answer.body;
    if (isRecord(body) && isRecord(body.data)) return { ok: true, data: body.data };
    return { ok: false, status: answer.status, message: STAFF_API_MESSAGES.malformed };
  }
  return { ok: false, status: answer.status, message: refusalOf(answer).message ?? fallbackMessage(answer.status) };
}

type RequestOf<A extends StaffAction> = Omit<Extract<StaffRequest, { action: A }>, 'action'>;

/** Takes one action as the signed-in staff member. The answer's shape is the function's own
 *  (StaffResults, src/data/staff.ts, which both sides compile against). */
export async function callStaff<A extends StaffAction>(user: User, action: A, input: RequestOf<A>): Promise<StaffOutcome<StaffResults[A]>> {
  let idToken: string;
  try {
    idToken = await user.getIdToken();
  } catch {
    return { ok: false, status: null, message: STAFF_API_MESSAGES.signedOut };
  }
  const outcome = staffOutcome(await callFunction(STAFF_FUNCTION, { body: { action, ...input }, idToken }));
  return outcome as StaffOutcome<StaffResults[A]>;
}
