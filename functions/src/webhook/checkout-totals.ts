/** What Stripe charged at checkout, kept on the order for the thank-you page (checkoutSummary
 *  answers from the database only): the completed session's subtotal, discount, tax and total, and
 *  the promotion code's text. A completed session's amounts never change, so the signed event's copy
 *  is read as it is; only the code's text is asked of Stripe (the session names its id). */
import type { Database } from 'firebase-admin/database';
import Stripe from 'stripe';
import { orderPath, type OrderCheckoutTotalsRecord } from '../../../src/data/orders';
import type { OutcomeDetails } from '../stripe/event-outcome';
import { idOf } from '../stripe/stripe-ids';

const cents = (value: number | null | undefined) => (Number.isSafeInteger(value) ? (value as number) : 0);

/** The promotion code's text, or null when the session had none or Stripe cannot say. */
async function promotionCodeText(stripe: Stripe, session: Stripe.Checkout.Session): Promise<string | null> {
  const entry = session.discounts?.[0];
  const code = entry?.promotion_code;
  if (code && typeof code !== 'string') return code.code;
  const id = idOf(code ?? null);
  if (id === null) return null;
  try {
    return (await stripe.promotionCodes.retrieve(id)).code;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return null;
    throw error;
  }
}

export async function recordCheckoutTotals(
  deps: { database: Database; stripe: Stripe },
  { orderId, session }: { orderId: string; session: Stripe.Checkout.Session },
): Promise<OutcomeDetails> {
  const promotionCode = await promotionCodeText(deps.stripe, session);
  const totals: OrderCheckoutTotalsRecord = {
    subtotal: cents(session.amount_subtotal),
    discount: cents(session.total_details?.amount_discount),
    tax: cents(session.total_details?.amount_tax),
    total: cents(session.amount_total),
    ...(promotionCode ? { promotionCode } : {}),
  };
  await deps.database.ref(`${orderPath(orderId)}/checkoutTotals`).set(totals);
  return { chargedTotal: totals.total };
}
