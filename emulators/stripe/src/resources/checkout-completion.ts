/**
 * What the hosted checkout's Pay button does: the card typed is checked as Stripe's test cards
 * behave, and the session completes. In subscription mode this is Stripe's whole sequence — the
 * customer (new, unless the session named one), its card, the subscription and its first invoice,
 * paid — with the events in Stripe's order:
 *   customer.created (if new), payment_method.attached, customer.updated,
 *   customer.subscription.created, invoice.created, invoice.finalized, invoice.paid,
 *   invoice.payment_succeeded, customer.subscription.updated (active), checkout.session.completed
 * With the page's details (checkout-details.ts): the billing address and name go to the customer
 * (a new one, or with `customer_update[...]=auto`: customer.updated), a tax ID is added
 * (customer.tax_id.created), a promotion code or coupon is redeemed into a discount on the
 * subscription (customer.discount.created), and the subscription has `automatic_tax` as the
 * session did — so its first invoice, and every later one, carries the tax and discount the page
 * showed. With a webhook delay (`--webhook-delay-ms`) the buyer is sent back at once and the
 * events follow that much later, as on Stripe.
 */
import type Stripe from 'stripe';
import { activate, chargeInvoice, createSubscription, finalizeInvoice } from './billing';
import { applyPromotionCode, checkDetails, EMPTY_DETAILS, type CheckedDetails, type DetailsForm } from './checkout-details';
import { refreshTotals, sessionCoupon, taxAddress } from './checkout-totals';
import { createDiscount, currentCoupon, promotionCodeRefusal, redeem } from './coupons';
import { declineMessage, readCardNumber, type TestCard } from './cards';
import { customerNow, newBatch, ownOrigin, sessionNow, type StandIn } from '../core/context';
import { createCustomer, getCustomer, setDefaultPaymentMethod } from './customers';
import type { EventBatch } from '../core/events';
import { randomId } from '../core/ids';
import { attachCard } from './payment-methods';
import type { CustomerRecord, SessionRecord } from '../core/store';
import { addTaxId } from './tax-ids';

export interface PayInput {
  /** As typed; spaces allowed. */
  cardNumber: string;
  /** Asked for when the session names no customer and no email. */
  email: string | null;
  /** Terms, billing address, tax ID and promotion code as typed (absent: none typed). */
  details?: DetailsForm;
}

/** `paid`: where to send the buyer; `refused`: show the page again with this message. */
export type PayResult =
  { paid: true; target: string } | { paid: false; status: number; message: string; field?: keyof DetailsForm | 'cardNumber' | 'email' };

function customerDetails(
  email: string | null,
  name: string | null,
  details: CheckedDetails | null,
): Stripe.Checkout.Session.CustomerDetails {
  return {
    address: details?.address ?? null,
    business_name: null,
    email,
    individual_name: null,
    name: details?.name ?? name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: details?.taxId ? [{ type: details.taxId.type, value: details.taxId.value.replace(/[\s.]/g, '').toUpperCase() }] : [],
  };
}

/** The typed address and name become the customer's when Checkout made it, or when the session
 *  says so (`customer_update[address|name]=auto`); a tax ID typed is added to it. */
function saveDetails(
  standIn: StandIn,
  batch: EventBatch,
  record: SessionRecord,
  customer: CustomerRecord,
  created: boolean,
  details: CheckedDetails,
) {
  const update = record.customerUpdate;
  const saveAddress = details.address !== null && (created || update?.address === 'auto');
  const saveName = details.name !== null && (created || update?.name === 'auto');
  batch.change('customer.updated', customer.customer, customerNow(standIn, customer.customer.id), (changed) => {
    if (saveAddress) changed.address = structuredClone(details.address);
    if (saveName) changed.name = details.name;
  });
  if (details.taxId) addTaxId(standIn, batch, customer, details.taxId.type, details.taxId.value);
}

/** The session's discount, if still redeemable now (another buyer may have used the last
 *  redemption since it was applied); else why not. */
function discountStillValid(standIn: StandIn, record: SessionRecord): string | null {
  const entry = record.session.discounts?.[0];
  if (!entry) return null;
  const promotionCodeId = typeof entry.promotion_code === 'string' ? entry.promotion_code : (entry.promotion_code?.id ?? null);
  const amount = record.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const customerId = typeof record.session.customer === 'string' ? record.session.customer : null;
  if (promotionCodeId) {
    const code = standIn.store.promotionCodes.get(promotionCodeId);
    if (!code) return 'This code is invalid.';
    return promotionCodeRefusal(standIn, code, { customerId, amount, currency: record.session.currency ?? 'usd' });
  }
  const coupon = sessionCoupon(standIn, record.session);
  const stored = coupon ? standIn.store.coupons.get(coupon.id) : undefined;
  return stored && currentCoupon(standIn, stored).valid ? null : 'This discount is no longer valid.';
}

/** The card as Checkout would take it: refused at once when the charge (or, in setup mode, the
 *  card check) would fail. */
function acceptCard(session: Stripe.Checkout.Session, input: PayInput): TestCard | { status: number; message: string } {
  const read = readCardNumber(input.cardNumber);
  if ('error' in read) return { status: 400, message: read.error };
  const { card } = read;
  const charged = session.mode !== 'setup';
  if (card.outcome === 'declined' || card.outcome === 'insufficient_funds' || (charged && card.outcome === 'charge_fails')) {
    return { status: 402, message: declineMessage(card.outcome) };
  }
  return card;
}

function completeSubscription(
  standIn: StandIn,
  batch: EventBatch,
  record: SessionRecord,
  card: TestCard,
  email: string | null,
  details: CheckedDetails,
): CustomerRecord {
  const { session } = record;
  const created = typeof session.customer !== 'string';
  const customer =
    typeof session.customer === 'string'
      ? getCustomer(standIn, session.customer)
      : createCustomer(standIn, batch, { email, name: null, description: null, metadata: {}, clockId: null });
  saveDetails(standIn, batch, record, customer, created, details);
  const at = customerNow(standIn, customer.customer.id);
  const paymentMethod = attachCard(standIn, batch, customer, card, at);
  setDefaultPaymentMethod(standIn, batch, customer, paymentMethod.paymentMethod.id);
  const entry = session.discounts?.[0];
  const couponId = entry ? (typeof entry.coupon === 'string' ? entry.coupon : (entry.coupon?.id ?? null)) : null;
  const promotionCodeId = entry
    ? typeof entry.promotion_code === 'string'
      ? entry.promotion_code
      : (entry.promotion_code?.id ?? null)
    : null;
  const discount =
    couponId !== null
      ? createDiscount(standIn, {
          couponId,
          promotionCodeId,
          customerId: customer.customer.id,
          subscriptionId: null,
          checkoutSessionId: session.id,
          at,
        })
      : null;
  const { record: subscription, invoice } = createSubscription(standIn, batch, customer, record.lineItems, {
    metadata: record.subscriptionData?.metadata ?? {},
    description: record.subscriptionData?.description ?? null,
    paymentMethodId: paymentMethod.paymentMethod.id,
    automaticTax: session.automatic_tax.enabled,
    discounts: discount ? [discount.discount.id] : [],
  });
  if (discount && couponId !== null) {
    discount.discount.subscription = subscription.subscription.id;
    batch.emit('customer.discount.created', discount.discount, at);
    redeem(standIn, promotionCodeId, couponId);
  }
  finalizeInvoice(standIn, batch, invoice, at);
  chargeInvoice(standIn, batch, invoice, paymentMethod, at);
  activate(batch, subscription, at);
  session.customer = customer.customer.id;
  session.subscription = subscription.subscription.id;
  session.invoice = invoice.invoice.id;
  return customer;
}

/** Pays the (open) session with the typed card, delivers its events and waits for the webhook
 *  (with its retries), so that when the buyer is back on the shop the shop has heard. */
export async function paySession(standIn: StandIn, record: SessionRecord, input: PayInput): Promise<PayResult> {
  const { session } = record;
  const accepted = acceptCard(session, input);
  if (!('number' in accepted)) {
    standIn.settings.log(`session ${session.id}: card refused (${accepted.message})`);
    return { paid: false, ...accepted };
  }
  if (input.email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email))
    return { paid: false, status: 400, message: 'Your email address is invalid.', field: 'email' };
  // A new subscriber's email is required, as on Stripe (payment mode stays lenient, as it was).
  const needsEmail = session.mode === 'subscription' && session.customer === null && session.customer_email === null;
  if (needsEmail && input.email === null) return { paid: false, status: 400, message: 'Enter your email address.' };

  const checked = checkDetails(standIn, record, input.details ?? EMPTY_DETAILS, true);
  if (!checked.ok) return { paid: false, status: 400, message: checked.message, field: checked.field };
  const { details } = checked;
  if (details.promotionCode) applyPromotionCode(record, details.promotionCode);
  const stale = discountStillValid(standIn, record);
  if (stale) {
    // The buyer sees the total without it before paying again.
    session.discounts = [];
    refreshTotals(standIn, record, taxAddress(standIn, record, details.address));
    return { paid: false, status: 400, message: `${stale} The discount was removed.`, field: 'promotionCode' };
  }

  const batch = newBatch(standIn, ownOrigin(record.apiVersion));
  const named = typeof session.customer === 'string' ? getCustomer(standIn, session.customer).customer : null;
  const email = session.customer_email ?? named?.email ?? input.email;
  if (session.mode === 'subscription') {
    const customer = completeSubscription(standIn, batch, record, accepted, email, details);
    session.customer_details = customerDetails(customer.customer.email, customer.customer.name ?? null, details);
    session.payment_status = 'paid';
  } else {
    session.customer_details = customerDetails(email, named?.name ?? null, details);
    session.payment_status = session.mode === 'setup' ? 'no_payment_required' : 'paid';
    session.payment_intent = session.mode === 'payment' ? randomId('pi_test_', 24) : null;
    const entry = session.discounts?.[0];
    if (entry && typeof entry.coupon === 'string')
      redeem(standIn, typeof entry.promotion_code === 'string' ? entry.promotion_code : null, entry.coupon);
  }
  if (session.mode !== 'setup') refreshTotals(standIn, record, taxAddress(standIn, record, details.address));
  if (session.consent_collection?.terms_of_service === 'required') session.consent = { promotions: null, terms_of_service: 'accepted' };
  session.status = 'complete';
  session.url = null;
  standIn.settings.log(`session ${session.id} paid`);
  batch.emit('checkout.session.completed', session, sessionNow(standIn, typeof session.customer === 'string' ? session.customer : null));
  const delay = standIn.webhooks.takeDelayOfPay(session.id);
  if (delay > 0) {
    // As on Stripe: the buyer is back on the shop before the shop has heard.
    void standIn.webhooks.deliverLater(batch.records, delay);
  } else {
    // Stripe redirects without waiting for webhooks; waiting here makes "back on the shop" mean
    // "the shop has heard", which keeps browser tests deterministic.
    await batch.deliver();
  }
  return { paid: true, target: (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
}
