/** The `staff` function: every change staff make goes through here, after the claim check, and
 *  leaves an audit entry (docs/decisions/0108-staff-console.md). POST `{action, ...}` with the
 *  staff member's ID token; answers `{statusCode: 200, data}` or the JSON error shape. */
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { STAFF_ACTIONS, isStaffAction, type StaffAction, type StaffResults } from '../../../src/data/staff';
import { applyCors, requireMethod, sendError } from '../http/http';
import { grantRole, lookupCustomer, resendVerification } from './accounts';
import { identifyStaff, requireRole } from './claims';
import type { ActionContext, StaffDependencies } from './context';
import type { Body } from './input';
import { decidePreorder, resendPass } from './preorders';
import { recountCounters } from './recount';
import { StaffRefusal } from './refusal';
import { recordReply } from './reply';
import { setSubmissionStatus } from './submissions';
import { StripeUnavailable, confirmTradeIn, declineTradeIn } from './trade-ins';

/** Every request is a few short fields; anything bigger is not the console. */
export const STAFF_MAX_BODY_BYTES = 4096;

const ACTIONS: { [A in StaffAction]: (context: ActionContext) => Promise<StaffResults[A]> } = {
  setSubmissionStatus,
  decidePreorder,
  resendPass,
  confirmTradeIn,
  declineTradeIn,
  grantRole,
  lookupCustomer,
  resendVerification,
  recountCounters,
  recordReply,
};

export function refuseHugeBody(request: Request): void {
  const size = request.rawBody?.length ?? Buffer.byteLength(JSON.stringify(request.body ?? null));
  if (size > STAFF_MAX_BODY_BYTES) throw new StaffRefusal(413, `The request is larger than ${STAFF_MAX_BODY_BYTES} bytes.`);
}

/** The request's JSON object; `shape` shows the caller what was expected. */
export function objectBody(request: Request, shape: string): Body {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new StaffRefusal(400, `The body must be a JSON object: ${shape}.`);
  }
  return body as Body;
}

/** A refusal in the JSON error shape; anything else is unexpected and goes on to withJsonErrors. */
export function answerRefusal(response: Response, error: unknown): void {
  if (error instanceof StaffRefusal) {
    if (error.retryAfterSeconds !== undefined) response.set('Retry-After', String(error.retryAfterSeconds));
    sendError(response, error.statusCode, error.message, error.field);
  } else if (error instanceof StripeUnavailable) sendError(response, 502, error.message);
  else throw error;
}

export async function handleStaff(request: Request, response: Response, deps: StaffDependencies): Promise<void> {
  if (applyCors(request, response, deps.siteOrigins, 'POST, OPTIONS') === 'answered') return;
  if (!requireMethod(request, response, 'POST')) return;
  // Answers hold people's data: no shared cache may keep them.
  response.set('Cache-Control', 'no-store');
  try {
    refuseHugeBody(request);
    const actor = await identifyStaff(deps.auth, deps.database, request.get('Authorization'));
    const body = objectBody(request, '{"action": …}');
    const action = body.action;
    if (!isStaffAction(action)) {
      throw new StaffRefusal(400, `action must be one of ${Object.keys(STAFF_ACTIONS).join(', ')}.`, 'action');
    }
    requireRole(actor, action);
    const data = await ACTIONS[action]({ deps, actor, body, now: (deps.now ?? Date.now)() });
    response.status(200).json({ statusCode: 200, data });
  } catch (error) {
    answerRefusal(response, error);
  }
}
