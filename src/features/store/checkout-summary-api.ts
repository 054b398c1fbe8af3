/** What a visitor bought, read back after Stripe's Checkout through the checkoutSummary function
 *  by the session id Stripe put in the success address. Only what the thank-you page shows. The
 *  same session id is the buyer's proof of purchase: signed in, it adds the order to the account
 *  (src/firebase/guest-order-claim.ts). */
import type { CheckoutCharged, CheckoutSummary as CatalogCheckoutSummary } from '@/catalog/checkout';
import { isBillingPeriod } from '@/catalog/pricing';
import { isPlanId, isPricedPlan } from '@/catalog/plans';
import { isServiceId } from '@/catalog/services';
import { isSubscriptionStatus, type SubscriptionStatus } from '@/catalog/subscription';
import { callFunction, isRecord, refusalOf, successData } from '@/firebase/functions';

/** What checkoutSummary answers (src/catalog/checkout.ts), with the status narrowed to Stripe's. */
export type CheckoutSummary = Omit<CatalogCheckoutSummary, 'subscriptionStatus'> & { subscriptionStatus: SubscriptionStatus | null };

const isCents = (value: unknown): value is number => Number.isSafeInteger(value);

function toCharged(value: unknown): CheckoutCharged | null {
  if (!isRecord(value)) return null;
  const { subtotal, discount, tax, total, promotionCode } = value;
  if (!isCents(subtotal) || !isCents(discount) || !isCents(tax) || !isCents(total)) return null;
  return { subtotal, discount, tax, total, promotionCode: typeof promotionCode === 'string' && promotionCode ? promotionCode : null };
}

function toAddOns(value: unknown): CheckoutSummary['addOns'] {
  const addOns = isRecord(value) ? value : {};
  return {
    storage: typeof addOns.storage === 'string' && addOns.storage ? addOns.storage : null,
    security: addOns.security === true,
    marketing: addOns.marketing === true,
  };
}

function toSummary(data: Record<string, unknown>): CheckoutSummary | null {
  const { service, plan, period, amountPerPeriod, termPayments, paymentsMade, subscriptionStatus, orderReference } = data;
  if (!isServiceId(service) || !isPlanId(plan) || !isPricedPlan(plan) || !isBillingPeriod(period)) return null;
  if (!Number.isSafeInteger(amountPerPeriod) || !Number.isSafeInteger(termPayments)) return null;
  return {
    orderReference: typeof orderReference === 'string' ? orderReference : '',
    addOns: toAddOns(data.addOns),
    charged: toCharged(data.charged),
    service,
    plan,
    period,
    amountPerPeriod: amountPerPeriod as number,
    termPayments: termPayments as number,
    paymentsMade: Number.isSafeInteger(paymentsMade) ? (paymentsMade as number) : 0,
    subscriptionStatus: isSubscriptionStatus(subscriptionStatus) ? subscriptionStatus : null,
  };
}

export type SummaryAnswer =
  | { ok: true; summary: CheckoutSummary }
  | { ok: false; /** the function's own words (too many look-ups, an order of a deleted account) */ message: string | null };

/** The refusals whose words the page shows as they are: 429, too many look-ups; 410, the order of
 *  an account that was deleted (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
const TOLD_STATUSES: readonly number[] = [410, 429];

/** The summary, or why it cannot be had (unknown session, too many look-ups, no service, a bad answer). */
export async function fetchCheckoutSummary(sessionId: string): Promise<SummaryAnswer> {
  const answer = await callFunction('checkoutSummary', { method: 'GET', query: { session_id: sessionId } });
  const data = successData(answer, 200) ?? (answer.reached && answer.status === 200 && isRecord(answer.body) ? answer.body : null);
  const summary = data ? toSummary(data) : null;
  if (summary) return { ok: true, summary };
  return { ok: false, message: answer.reached && TOLD_STATUSES.includes(answer.status) ? refusalOf(answer).message : null };
}
