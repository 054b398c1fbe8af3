/** The site's calls to unpaidCheckout (src/catalog/unpaid-checkouts.ts): the return from Stripe's
 *  success URL recorded, the open session's address to complete the payment, the order removed.
 *  Stripe decides each; the browser sends only the session or order id. */
import type { User } from 'firebase/auth';
import { isHttpUrl } from '@/catalog/checkout';
import type { CheckoutSessionState, UnpaidCheckoutRequest } from '@/catalog/unpaid-checkouts';
import { callFunction, refusalOf, serviceMessages, successData, type FunctionAnswer } from './functions';

export type UnpaidOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

const MESSAGES = serviceMessages('orders');

async function ask(body: UnpaidCheckoutRequest, user?: User): Promise<FunctionAnswer> {
  return callFunction('unpaidCheckout', { body, ...(user ? { idToken: await user.getIdToken() } : {}) });
}

function failure(answer: FunctionAnswer): { ok: false; message: string } {
  if (!answer.reached) return { ok: false, message: MESSAGES.unreachable };
  return { ok: false, message: refusalOf(answer).message ?? MESSAGES.refused(answer.status) };
}

const isState = (value: unknown): value is CheckoutSessionState => value === 'open' || value === 'complete' || value === 'expired';

/** Tells the server the buyer is back from Stripe with this session; answers what Stripe says of
 *  it (the order is "Confirming your payment…" only once that is `complete`). */
export async function recordCheckoutReturn(sessionId: string): Promise<UnpaidOutcome<CheckoutSessionState>> {
  const answer = await ask({ action: 'returned', sessionId });
  const state = successData(answer, 200)?.state;
  return isState(state) ? { ok: true, value: state } : failure(answer);
}

/** The still-open Checkout session's address, for Complete payment. */
export async function resumeCheckout(user: User, orderId: string): Promise<UnpaidOutcome<string>> {
  const answer = await ask({ action: 'resume', orderId }, user);
  const url = successData(answer, 200)?.url;
  return isHttpUrl(url) ? { ok: true, value: url } : failure(answer);
}

/** Removes the never-paid order (its open session expired at Stripe first). */
export async function removeUnpaidOrder(user: User, orderId: string): Promise<UnpaidOutcome<null>> {
  const answer = await ask({ action: 'remove', orderId }, user);
  return successData(answer, 200)?.removed === true ? { ok: true, value: null } : failure(answer);
}
