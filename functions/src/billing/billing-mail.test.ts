// The mails of payment events through the whole path: the webhook and the functions send them
// through the server mail module to the EmailJS stand-in, once each; a guest's mails carry a
// Manage your plan link that guestPortal opens once (refused when forged, expired, reused or
// guessed too often); the invoices of the order follow Stripe, also for an order bought with a
// one-off price before the catalogue was in Stripe.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { postForm } from '@leopard/stripe-stand-in/testing';
import { GUEST_PORTAL_MESSAGES } from '../../../src/catalog/plan-changes';
import { formatUsd } from '../../../src/catalog/money';
import { priceConfiguration } from '../../../src/catalog/pricing';
import { ORDERS_PATH, type OrderInvoiceRecord, orderPath, MANAGE_LINKS_PATH } from '../../../src/data/orders';
import { CARDS, read, readOrder, settled, SITE } from '../testing/backends.testing';
import { bearer, checkoutBody, pay, startCheckout, useMailingHarness, type Account, buy, useServed } from '../checkout/store.testing';
import { BILLING_MAILS_PATH } from './billing-mail';
import { handleGuestPortal, GUEST_PORTAL_MISS_LIMIT } from '../orders/guest-portal';
import { syncInvoice } from './invoice-sync';
import { ORDER_CONFIRMATION_SUBJECT, PAYMENT_FAILED_SUBJECT } from '../mail';
import { MANAGE_LINK_LIFETIME_MS } from './manage-links';
import { buildOrderRecord } from '../checkout/orders';
import { post } from '../http/http.testing';

const KEY = 'emailjs_private_billing_mail_test';
const harness = useMailingHarness('billing-mail', KEY);
const guestPortal = useServed(harness, 'guestPortal', handleGuestPortal);
const { clock } = guestPortal;

type Order = Record<string, unknown> & { invoices?: Record<string, OrderInvoiceRecord> };
const order = (orderId: string) => readOrder<Order>(harness, orderId);
const mailsWith = (subject: string) => harness.emailjs.received().filter((mail) => mail.params.subject === subject);

/** The manage link's token in a mail's text. */
function manageToken(text: unknown): string {
  const match = /\/manage-plan\?token=([-\w]{43})/.exec(String(text));
  if (!match) throw new Error(`no manage link in: ${String(text)}`);
  return match[1]!;
}

async function guestPurchase(email: string): Promise<{ orderId: string }> {
  const created = await buy(harness, { plan: 'silver' }, { email });
  return { orderId: created.orderId };
}

describe('the order confirmation', () => {
  it('is mailed once to a signed-in buyer: plan, amount per period, next payment, Manage your plan → the order card', async () => {
    const account: Account = harness.signIn({ email: 'Ada@Example.com' });
    const created = await buy(harness, { plan: 'gold', security: true }, { account });
    const stored = (await order(created.orderId))!;
    const [mail] = mailsWith(ORDER_CONFIRMATION_SUBJECT);
    expect(mailsWith(ORDER_CONFIRMATION_SUBJECT)).toHaveLength(1);
    expect(mail!.params.to_email).toBe('ada@example.com');
    const text = String(mail!.params.message_text);
    expect(text).toContain('Web Apps — Gold plan, billed monthly, with Security');
    expect(text).toContain('$15,799.99 / month');
    expect(text).toContain(
      `Next payment: ${new Date(stored.currentPeriodEnd as number).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })}`,
    );
    expect(text).toContain(`Manage your plan: ${SITE}/order-history#order-${created.orderId}`);
    expect(String(mail!.params.message_html)).toContain(`<a href="${SITE}/order-history#order-${created.orderId}"`);

    // Stripe delivering the completion again mails nothing more.
    const completed = harness.standIn.events().find((event) => event.type === 'checkout.session.completed')!;
    await harness.database.ref(`stripe_events/${completed.id}`).remove();
    await fetch(`${harness.standIn.url}/__events/${completed.id}/resend`, { method: 'POST' });
    await settled(harness.standIn);
    expect(mailsWith(ORDER_CONFIRMATION_SUBJECT)).toHaveLength(1);
    expect(await read(harness.database, `${BILLING_MAILS_PATH}/${created.orderId}/confirmation/status`)).toBe('sent');
  });
});

describe('the order confirmation’s money', () => {
  it('says what Stripe charged (the promotion code’s discount off, the tax in) beside the plan’s price, not the price alone', async () => {
    await harness.stripe.coupons.create({ id: 'mail-test-10', percent_off: 10, duration: 'once' });
    await harness.stripe.promotionCodes.create({ code: 'MAILTEST10', promotion: { type: 'coupon', coupon: 'mail-test-10' } });
    const account: Account = harness.signIn({ email: 'charged@example.com' });
    const created = await startCheckout(harness, { plan: 'gold', storage: true, security: true, marketing: true }, account);
    await pay(created, CARDS.visa, undefined, { promotion_code: 'MAILTEST10', city: 'San Francisco', state: 'CA', postal_code: '94105' });
    await settled(harness.standIn);
    const session = await harness.stripe.checkout.sessions.retrieve(created.id);
    const discount = session.total_details!.amount_discount;
    const tax = session.total_details!.amount_tax;
    expect(discount).toBeGreaterThan(0);
    expect(tax).toBeGreaterThan(0);
    const mail = mailsWith(ORDER_CONFIRMATION_SUBJECT).find((sent) => sent.params.to_email === 'charged@example.com')!;
    const text = String(mail.params.message_text);
    expect(text).toContain('with Additional storage, Security and Digital marketing.');
    expect(text).toContain(
      `Charged today: ${formatUsd(session.amount_total!)} (${formatUsd(discount)} off with your promotion code, ${formatUsd(tax)} tax included).`,
    );
    const price = (await order(created.orderId))!.amountPerPeriod as number;
    expect(session.amount_total).not.toBe(price);
    expect(text).toContain(`The plan's price: ${formatUsd(price)} / month, before tax.`);
  });
});

describe('a guest’s Manage your plan link and guestPortal', () => {
  it('opens the billing portal of the order’s customer once, with the catalogue configuration; then 410', async () => {
    const { orderId } = await guestPurchase('kat@example.com');
    const [mail] = mailsWith(ORDER_CONFIRMATION_SUBJECT);
    expect(mail!.params.to_email).toBe('kat@example.com');
    const token = manageToken(mail!.params.message_text);
    // Only the token's hash is stored, with the order and its customer.
    const links = (await read<Record<string, Record<string, unknown>>>(harness.database, MANAGE_LINKS_PATH))!;
    expect(JSON.stringify(links)).not.toContain(token);
    const [record] = Object.values(links);
    const customerId = (await order(orderId))!.customerId;
    expect(record).toMatchObject({ orderId, customerId });
    expect((record!.expiresAt as number) - (record!.createdAt as number)).toBe(MANAGE_LINK_LIFETIME_MS);

    const opened = await post(guestPortal.url, { token });
    expect(opened).toEqual({ status: 200, json: { statusCode: 200, data: { url: expect.stringMatching(/\/p\/session\/bps_/) } } });
    const sessions = (await (await fetch(`${harness.standIn.url}/__portal_sessions`)).json()) as Stripe.BillingPortal.Session[];
    const [configuration] = (await harness.stripe.billingPortal.configurations.list()).data.filter(
      (entry) => entry.metadata?.leopard === 'catalogue',
    );
    expect(sessions).toEqual([expect.objectContaining({ customer: customerId, return_url: `${SITE}/`, configuration: configuration!.id })]);

    expect(await post(guestPortal.url, { token })).toEqual({
      status: 410,
      json: { statusCode: 410, error: { message: GUEST_PORTAL_MESSAGES.spent } },
    });
  });

  it('two requests with the same link at once: one portal', async () => {
    await guestPurchase('twice@example.com');
    const token = manageToken(mailsWith(ORDER_CONFIRMATION_SUBJECT)[0]!.params.message_text);
    const answers = await Promise.all([post(guestPortal.url, { token }), post(guestPortal.url, { token })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
  });

  it('refuses a forged token (404), a malformed one (400) and an expired one (410)', async () => {
    await guestPurchase('lin@example.com');
    const token = manageToken(mailsWith(ORDER_CONFIRMATION_SUBJECT)[0]!.params.message_text);
    const forged = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await post(guestPortal.url, { token: forged })).toMatchObject({
      status: 404,
      json: { error: { message: GUEST_PORTAL_MESSAGES.unknown } },
    });
    for (const body of [{ token: 'short' }, { token: `${token}x` }, { token, customer: 'cus_1' }, {}, [token]]) {
      expect(await post(guestPortal.url, body)).toMatchObject({
        status: 400,
        json: { error: { message: GUEST_PORTAL_MESSAGES.malformed } },
      });
    }
    clock.at = Date.now() + MANAGE_LINK_LIFETIME_MS + 1000;
    expect(await post(guestPortal.url, { token })).toMatchObject({ status: 410 });
    // Refusing it did not spend it: within its week it still works.
    clock.at = null;
    expect((await post(guestPortal.url, { token })).status).toBe(200);
    expect(await (await fetch(`${harness.standIn.url}/__portal_sessions`)).json()).toHaveLength(1);
  });

  it('answers 20 misses an hour per address, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < GUEST_PORTAL_MISS_LIMIT.max + 2; index += 1) {
      statuses.push((await post(guestPortal.url, { token: `${String(index).padStart(43, 'z')}` })).status);
    }
    expect(statuses).toEqual([...Array(20).fill(404), 429, 429]);
  });
});

describe('invoices on the order', () => {
  it('lists each invoice of the subscription as Stripe has it, and never lets an older reading win', async () => {
    const account = harness.signIn();
    const created = await buy(harness, {}, { account });
    const stored = (await order(created.orderId))!;
    const [invoiceId, invoice] = Object.entries(stored.invoices ?? {})[0]!;
    expect(Object.keys(stored.invoices ?? {})).toHaveLength(1);
    expect(invoice).toEqual({
      number: expect.any(String),
      createdAt: expect.any(Number),
      total: 7_500_00,
      tax: 0,
      amountPaid: 7_500_00,
      amountDue: 7_500_00,
      status: 'paid',
      hostedInvoiceUrl: expect.stringMatching(/^http/),
      invoicePdf: expect.stringMatching(/^http/),
      billingReason: 'subscription_create',
      periodStart: expect.any(Number),
      periodEnd: stored.currentPeriodEnd,
      fetchedAt: expect.any(Number),
    });
    const stale = await syncInvoice(
      { database: harness.database, stripe: harness.stripe, now: () => invoice.fetchedAt - 1 },
      invoiceId,
      'invoice.updated',
    );
    expect(stale).toMatchObject({ invoiceOutcome: 'stale' });
    expect((await order(created.orderId))!.invoices?.[invoiceId]).toEqual(invoice);
  });

  it('keeps an order bought with a one-off price working: its plan stays, its subscription and invoices follow Stripe', async () => {
    const body = checkoutBody({ plan: 'bronze', security: true });
    const orderId = harness.database.ref(ORDERS_PATH).push().key!;
    const metadata = { orderId, service: body.service, plan: body.plan, period: body.period };
    const amount = priceConfiguration(body).amountDueCents;
    // The session stripeCheckout made before the catalogue was in Stripe.
    const session = await harness.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: amount,
            recurring: { interval: 'month' },
            product_data: { name: 'Web Apps — Bronze plan, billed monthly' },
          },
        },
      ],
      success_url: body.successURL,
      cancel_url: body.cancelURL,
      metadata,
      subscription_data: { metadata },
    });
    const before = buildOrderRecord({
      orderId,
      request: body,
      charges: priceConfiguration(body),
      stripeSessionId: session.id,
      buyer: null,
      createdAt: 1,
    });
    await harness.database.ref(orderPath(orderId)).set(before);
    await pay({ url: session.url! }, CARDS.visa, 'old@example.com');
    await settled(harness.standIn);
    const stored = (await order(orderId))!;
    expect(stored).toMatchObject({
      tier: 'bronze',
      securitySelected: true,
      amountPerPeriod: amount,
      subscriptionStatus: 'active',
      paymentsMade: 1,
    });
    expect(Object.values(stored.invoices ?? {})).toEqual([expect.objectContaining({ status: 'paid', total: amount })]);
  });
});

describe('a failed payment', () => {
  it('mails the buyer once per invoice with the link to update the card', async () => {
    const account = harness.signIn({ email: 'late@example.com' });
    const created = await buy(harness, {}, { account });
    // The buyer saves a card that attaches but whose charges fail.
    const portal = await post(harness.urls.portal, { returnURL: `${SITE}/payment-methods` }, bearer(account));
    const portalUrl = (portal.json.data as { url: string }).url;
    expect((await postForm(`${portalUrl}/payment-method`, { card_number: CARDS.failsLater })).status).toBe(303);
    await settled(harness.standIn);
    const stored = (await order(created.orderId))!;
    const customer = (await harness.stripe.customers.retrieve(stored.customerId as string)) as Stripe.Customer;
    await harness.standIn.advanceClock(customer.test_clock as string, (stored.currentPeriodEnd as number) / 1000 + 3600);
    await settled(harness.standIn);
    const failed = mailsWith(PAYMENT_FAILED_SUBJECT);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.params.to_email).toBe('late@example.com');
    expect(String(failed[0]!.params.message_text)).toContain('We could not take the payment of $7,500.00');
    expect(String(failed[0]!.params.message_text)).toContain(`Update your card: ${SITE}/payment-methods`);
    const open = Object.values((await order(created.orderId))!.invoices ?? {}).find((invoice) => invoice.status === 'open');
    expect(open).toMatchObject({ amountDue: 7_500_00, amountPaid: 0 });
  });
});
