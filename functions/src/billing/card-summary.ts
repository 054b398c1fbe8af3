/** The card on file as the Payment Methods page shows it: billing/{uid}/card = { brand, last4,
 *  expMonth, expYear } of the customer's default payment method, for customers that belong to an
 *  account. Refreshed from Stripe (never from an event's snapshot) when Checkout completes, when
 *  the customer changes and when a payment method is attached. billing/{uid}/cardFetchedAt keeps
 *  when that reading was taken, so a slower, older reading never replaces a newer card. The record's
 *  shape and how the site reads it: src/data/billing.ts. */
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import { billingPath, type CardSummary } from '../../../src/data/billing';
import { isAccountClosed } from '../account/closed-accounts';
import { accountOfCustomer } from '../stripe/customers';
import { applied, ignored, type EventOutcome } from '../stripe/event-outcome';
import { unlessMissing } from '../stripe/stripe-errors';

/** What the page shows of a payment method: a card's brand, last four digits and expiry; null for
 *  anything else (no payment method, or not a card). */
export function cardSummary(paymentMethod: Pick<Stripe.PaymentMethod, 'card'> | null | undefined): CardSummary | null {
  const card = paymentMethod?.card;
  if (!card || typeof card.brand !== 'string' || typeof card.last4 !== 'string') return null;
  return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

async function paymentMethod(
  stripe: Stripe,
  value: string | Stripe.PaymentMethod | null | undefined,
): Promise<Stripe.PaymentMethod | null> {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? stripe.paymentMethods.retrieve(value) : value;
}

/** The customer's default payment method: invoice_settings.default_payment_method, which the
 *  billing portal sets. Checkout stores the card of a new subscription on the subscription
 *  instead, so until the customer has a default, the newest subscription's card is the one. */
export async function defaultPaymentMethod(stripe: Stripe, customer: Stripe.Customer): Promise<Stripe.PaymentMethod | null> {
  const chosen = await paymentMethod(stripe, customer.invoice_settings?.default_payment_method);
  if (chosen !== null) return chosen;
  const subscriptions = await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 10 });
  const withCard = subscriptions.data.find((subscription) => subscription.default_payment_method !== null);
  return paymentMethod(stripe, withCard?.default_payment_method);
}

export interface CardDependencies {
  database: Database;
  stripe: Stripe;
  now?: () => number;
}

/** Reads the customer's card from Stripe and stores its summary for the customer's account. */
export async function refreshCardSummary(deps: CardDependencies, customerId: string): Promise<EventOutcome> {
  const fetchedAt = (deps.now ?? Date.now)();
  const customer = await unlessMissing(deps.stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }));
  if (customer === null) return ignored(`Stripe does not know customer ${customerId}`, { customerId });
  if (customer.deleted) return ignored('the customer was deleted', { customerId });
  const uid = await accountOfCustomer(deps.database, customer);
  // A guest's customer: nothing to show until claimGuestOrders links it to an account.
  if (uid === null) return ignored('the customer belongs to no account', { customerId });
  // Deletion removes the card summary: no event may write it back (docs/decisions/0119-account-deletion-and-retention.md).
  if (await isAccountClosed(deps.database, uid)) return ignored('the account is being closed', { customerId });

  const card = cardSummary(await defaultPaymentMethod(deps.stripe, customer));
  let stale = false;
  await deps.database.ref(billingPath(uid)).transaction((current: Record<string, unknown> | null) => {
    stale = false;
    if (current !== null && typeof current.cardFetchedAt === 'number' && current.cardFetchedAt > fetchedAt) {
      stale = true;
      return undefined;
    }
    const next: Record<string, unknown> = { ...(current ?? {}), cardFetchedAt: fetchedAt };
    if (card === null) delete next.card;
    else next.card = card;
    return next;
  });
  if (stale) return ignored('a later reading of the card is already stored', { customerId });
  return applied({ customerId, card: card ? `${card.brand} ${card.last4}` : null });
}
