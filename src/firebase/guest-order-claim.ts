/** The browser's side of claimGuestOrders: a guest's order joins the signed-in account by proof of
 *  purchase, the Checkout session of the thank-you page or the mailed claim link
 *  (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). Used by the store's thank-you
 *  summary and the account's claim-link page. */
import type { User } from 'firebase/auth';
import type { GuestOrderClaimRequest } from '../catalog/checkout';
import { callFunction, refusalOf, serviceMessages, successData } from './functions';

export type GuestOrderClaimOutcome = { ok: true; orderId: string; linked: boolean } | { ok: false; status: number | null; message: string };

const MESSAGES = serviceMessages('orders');

export async function claimGuestOrder(user: User, proof: GuestOrderClaimRequest): Promise<GuestOrderClaimOutcome> {
  const answer = await callFunction('claimGuestOrders', { body: proof, idToken: await user.getIdToken() });
  const data = successData(answer, 200);
  if (data && typeof data.orderId === 'string' && typeof data.linked === 'boolean') {
    return { ok: true, orderId: data.orderId, linked: data.linked };
  }
  if (!answer.reached) return { ok: false, status: null, message: MESSAGES.unreachable };
  return { ok: false, status: answer.status, message: refusalOf(answer).message ?? MESSAGES.refused(answer.status) };
}
