/** The calls between the site and the unpaidCheckout function, and their words, defined once for
 *  the function and the pages that show them: a checkout left on Stripe's page is "Not paid yet"
 *  and can be completed or removed; one the buyer came back from after Pay is "Confirming your
 *  payment…" until the webhook settles it (docs/decisions/0091-checkouts-expire-by-stand-in-clocks.md#addendum-2026-11-29-not-paid-yet-confirming-or-expired). Pure. */

/**
 * - `returned`: the buyer came back from Stripe's success URL with this session id; the order
 *   records it once Stripe says the session is complete (the session id is the proof, as on the
 *   thank-you page, so no sign-in is needed).
 * - `resume`: the signed-in buyer's still-open session's address, to complete the payment.
 * - `remove`: the signed-in buyer's unpaid or expired order, gone from their orders; an open
 *   session is expired at Stripe first, so it can no longer be paid.
 */
export type UnpaidCheckoutRequest =
  { action: 'returned'; sessionId: string } | { action: 'resume'; orderId: string } | { action: 'remove'; orderId: string };

/** What Stripe's session says when asked: open (payable), complete (paid, or a payment pending),
 *  expired. */
export type CheckoutSessionState = 'open' | 'complete' | 'expired';

/** POST unpaidCheckout: answered `{ statusCode: 200, data }`. */
export interface UnpaidCheckoutAnswer {
  statusCode: 200;
  data: { state: CheckoutSessionState; url?: string; removed?: boolean };
}

export const UNPAID_CHECKOUT_TEXTS = {
  notPaid: 'Not paid yet',
  notPaidNote:
    'You left the payment page before paying: nothing was charged. Complete the payment while the checkout is open, or remove it.',
  resume: 'Complete payment',
  resuming: 'Opening the payment page…',
  remove: 'Remove',
  removing: 'Removing…',
  confirmTitle: 'Remove this order?',
  confirmBody: 'It was never paid: nothing was charged, and its checkout can no longer be paid once removed.',
  confirmRemove: 'Remove order',
  keep: 'Keep it',
  expiredNote: 'Stripe closed this checkout after 24 hours without a payment: nothing was charged. Remove it, or buy again from the store.',
} as const;

export const UNPAID_CHECKOUT_MESSAGES = {
  signIn: 'Sign in to finish or remove your order.',
  badToken: 'Your sign-in could not be verified. Sign in again and retry.',
  invalid: 'Send action "returned" with a sessionId, or "resume" or "remove" with an orderId.',
  notYours: 'This order belongs to another account.',
  notFound: 'No purchase of ours has this Checkout session.',
  alreadyPaid: 'This order is paid or its payment is being confirmed, so there is nothing to complete or remove.',
  paidMeanwhile: 'Your payment went through: the order is being confirmed and updates here by itself.',
  expired: 'This checkout expired, so it can no longer be paid. Nothing was charged: remove it, or buy again from the store.',
  provider: 'The payment provider could not be reached. Please try again.',
  tooMany: 'Too many look-ups of unknown purchases from your network. Please try again in an hour.',
} as const;
