/** The customer area's call to the billing functions: the Stripe billing portal for the signed-in
 *  customer's own Stripe Customer (stripePortal). The function decides everything from the ID
 *  token; the browser sends nothing else that matters. */
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
