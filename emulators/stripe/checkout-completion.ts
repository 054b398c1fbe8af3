/**
 * What the hosted checkout's Pay button does: the card typed is checked as Stripe's test cards
 * behave, and the session completes. In subscription mode this is Stripe's whole sequence — the
 * customer (new, unless the session named one), its card, the subscription and its first invoice,
 * paid — with the events in Stripe's order:
 *   customer.created (if new), payment_method.attached, customer.updated,
 *   customer.subscription.created, invoice.created, invoice.finalized, invoice.paid,
 *   invoice.payment_succeeded, customer.subscription.updated (active), checkout.session.completed
 */
import type Stripe from 'stripe';
import { activate, chargeInvoice, createSubscription, finalizeInvoice } from './billing';
import { declineMessage, readCardNumber, type TestCard } from './cards';
import { customerNow, newBatch, ownOrigin, sessionNow, type StandIn } from './context';
import { createCustomer, getCustomer, setDefaultPaymentMethod } from './customers';
import type { EventBatch } from './events';
import { randomId } from './ids';
import { attachCard } from './payment-methods';
import type { CustomerRecord, SessionRecord } from './store';

export interface PayInput {
  /** As typed; spaces allowed. */
  cardNumber: string;
  /** Asked for when the session names no customer and no email. */
  email: string | null;
}

/** `paid`: where to send the buyer; `refused`: show the page again with this message. */
export type PayResult = { paid: true; target: string } | { paid: false; status: number; message: string };

function customerDetails(email: string | null, name: string | null): Stripe.Checkout.Session.CustomerDetails {
  return { address: null, business_name: null, email, individual_name: null, name, phone: null, tax_exempt: 'none', tax_ids: [] };
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
): CustomerRecord {
  const { session } = record;
  const customer =
    typeof session.customer === 'string'
      ? getCustomer(standIn, session.customer)
      : createCustomer(standIn, batch, { email, name: null, description: null, metadata: {}, clockId: null });
  const at = customerNow(standIn, customer.customer.id);
  const paymentMethod = attachCard(standIn, batch, customer, card, at);
  setDefaultPaymentMethod(standIn, batch, customer, paymentMethod.paymentMethod.id);
  const { record: subscription, invoice } = createSubscription(standIn, batch, customer, record.lineItems, {
    metadata: record.subscriptionData?.metadata ?? {},
    description: record.subscriptionData?.description ?? null,
    paymentMethodId: paymentMethod.paymentMethod.id,
  });
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
    return { paid: false, status: 400, message: 'Your email address is invalid.' };
  // A new subscriber's email is required, as on Stripe (payment mode stays lenient, as it was).
  const needsEmail = session.mode === 'subscription' && session.customer === null && session.customer_email === null;
  if (needsEmail && input.email === null) return { paid: false, status: 400, message: 'Enter your email address.' };

  const batch = newBatch(standIn, ownOrigin(record.apiVersion));
  const named = typeof session.customer === 'string' ? getCustomer(standIn, session.customer).customer : null;
  const email = session.customer_email ?? named?.email ?? input.email;
  if (session.mode === 'subscription') {
    const customer = completeSubscription(standIn, batch, record, accepted, email);
    session.customer_details = customerDetails(customer.customer.email, customer.customer.name ?? null);
    session.payment_status = 'paid';
  } else {
    session.customer_details = customerDetails(email, named?.name ?? null);
    session.payment_status = session.mode === 'setup' ? 'no_payment_required' : 'paid';
    session.payment_intent = session.mode === 'payment' ? randomId('pi_test_', 24) : null;
  }
  session.status = 'complete';
  session.url = null;
  standIn.settings.log(`session ${session.id} paid`);
  batch.emit('checkout.session.completed', session, sessionNow(standIn, typeof session.customer === 'string' ? session.customer : null));
  // Stripe redirects without waiting for webhooks; waiting here makes "back on the shop" mean
  // "the shop has heard", which keeps browser tests deterministic.
  await batch.deliver();
  return { paid: true, target: (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
}
