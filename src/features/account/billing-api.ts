/** The customer area's calls to the billing functions: the Stripe billing portal for the
 *  signed-in customer's own Stripe Customer (stripePortal), and linking the orders this person
 *  bought as a visitor to their account (claimGuestOrders). The functions decide everything from
 *  the ID token; the browser sends nothing else that matters. */
import type { User } from 'firebase/auth';
import { isHttpUrl } from '@/catalog/checkout';
import { callFunction, refusalOf, serviceMessages, successData } from '@/firebase/functions';

export const BILLING_MESSAGES = {
  title: 'Billing is not available',
  noCustomer: 'Your billing account is created with your first plan. Choose one in the store, and you can manage it here.',
  notConfigured: 'Billing is not set up on this site yet. Please contact us.',
  ...serviceMessages('billing'),
} as const;

export type PortalOutcome = { ok: true; url: string } | { ok: false; message: string };

/** A Stripe billing portal session for the signed-in customer; Stripe's "Return" link comes back
 *  to `returnPath` on this site. */
export async function openBillingPortal(user: User, returnPath: string): Promise<PortalOutcome> {
  const answer = await callFunction('stripePortal', {
    body: { returnURL: new URL(returnPath, window.location.origin).toString() },
    idToken: await user.getIdToken(),
  });
  if (!answer.reached)
    return { ok: false, message: answer.reason === 'unreachable' ? BILLING_MESSAGES.unreachable : BILLING_MESSAGES.notConfigured };
  const url = successData(answer, 201)?.url;
  if (isHttpUrl(url)) return { ok: true, url };
  if (answer.status === 404) return { ok: false, message: BILLING_MESSAGES.noCustomer };
  return { ok: false, message: refusalOf(answer).message ?? BILLING_MESSAGES.refused(answer.status) };
}

/**
 * Asks the functions to link the orders bought as a visitor with this account's email. Only a
 * verified email can claim them, so the Auth record is refreshed first: the person may have just
 * clicked the link in the verification mail. Resolves with how many orders were linked.
 */
export async function claimGuestOrders(user: User): Promise<number> {
  if (!user.emailVerified) await user.reload();
  if (!user.emailVerified) return 0;
  // A token issued before the email was verified still says it is not.
  const answer = await callFunction('claimGuestOrders', { body: {}, idToken: await user.getIdToken(true) });
  const linked = successData(answer, 200)?.linked;
  return typeof linked === 'number' ? linked : 0;
}
