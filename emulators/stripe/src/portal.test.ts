// The Billing Portal of the Stripe stand-in (emulators/stripe): sessions through the real `stripe`
// SDK, and the hosted portal's pages and forms as a browser uses them — the plan, its invoices
// and card, "Update payment method" (a failing card, then a working one) and "Cancel plan".
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { start } from './server';
import { postForm } from './peers.testing';
import { useStripeStandIn } from './stand-in.testing';

const RETURN_URL = 'http://127.0.0.1:4173/account';
const DAY = 24 * 60 * 60;

const { receiver, standIn, stripe, secretKey, verifiedEvents, subscribe } = useStripeStandIn('portal');

const dateText = (seconds: number) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(seconds * 1000));

async function openPortal(customer: string): Promise<Stripe.BillingPortal.Session> {
  return stripe.billingPortal.sessions.create({ customer, return_url: RETURN_URL });
}

const portalHtml = async (portal: Stripe.BillingPortal.Session) => {
  const response = await fetch(portal.url);
  expect(response.status).toBe(200);
  return response.text();
};

/** The types delivered since the last clear, once deliveries are over. */
async function delivered(): Promise<string[]> {
  await standIn.settled();
  return receiver.types();
}

describe('billing portal sessions', () => {
  it('creates a session with a hosted URL, and sends no event for it', async () => {
    const { customer } = await subscribe();
    const portal = await openPortal(customer.id);
    expect(portal.id).toMatch(/^bps_/);
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: RETURN_URL,
      livemode: false,
      url: `${standIn.url}/p/session/${portal.id}`,
      flow: null,
    });
    expect(typeof portal.created).toBe('number');
    expect(await delivered()).toEqual([]);
  });

  it('refuses a missing or unknown customer', async () => {
    const missing = await stripe.billingPortal.sessions.create({ return_url: RETURN_URL }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'customer' });
    const unknown = await openPortal('cus_nobody').catch((e: unknown) => e);
    expect(unknown).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'customer',
      message: "No such customer: 'cus_nobody'",
    });
    const badUrl = await stripe.billingPortal.sessions
      .create({ customer: 'cus_nobody', return_url: 'javascript:alert(1)' })
      .catch((e: unknown) => e);
    expect(badUrl).toMatchObject({ statusCode: 400, param: 'return_url' });
  });
});

describe('the hosted portal', () => {
  it('shows the business, the plan with its price, status and next payment, the invoices, the card, and the way back', async () => {
    const { subscription, customer } = await subscribe();
    const html = await portalHtml(await openPortal(customer.id));
    expect(html).toContain('<h1>Leopard</h1>');
    expect(html).toMatch(/<h3 id="[^"]+">Web app — Earth plan<\/h3>/);
    expect(html).toContain('$7,500.00 / month');
    expect(html).toContain('Status: Active');
    expect(html).toContain(`Next payment on ${dateText(subscription.items.data[0].current_period_end)}`);
    expect(html).toContain('Visa •••• 4242, expires 12/34');
    expect(html).toMatch(new RegExp(`<tr><td>${dateText(subscription.start_date)}</td><td>\\$7,500\\.00</td><td>Paid</td>`));
    expect(html).toContain(`<a href="${RETURN_URL}">Return to Leopard</a>`);
    expect(html).toMatch(/<a class="button" href="\/p\/session\/bps_[^"]+\/payment-method">Update payment method<\/a>/);
    expect(html).toMatch(/<a class="button" href="\/p\/session\/bps_[^"]+\/subscriptions\/sub_[^"]+\/cancel">Cancel plan<\/a>/);
    expect(html).not.toMatch(/<script|(src|href)="https?:\/\/(?!127\.0\.0\.1:4173)/);
  });

  it('a card whose charges fail (0341) is saved; the renewal then fails and the plan is past due; a working card pays the open invoice at once', async () => {
    const { subscription, customer } = await subscribe();
    const portal = await openPortal(customer.id);
    const form = await (await fetch(`${portal.url}/payment-method`)).text();
    expect(form).toContain('<h1>Update payment method</h1>');
    expect(form).toMatch(/<label for="card-number">Card number<\/label>\s*<input id="card-number" name="card_number"/);
    expect(form).toMatch(/<button type="submit"[^>]*>Save card<\/button>/);

    const saved = await postForm(`${portal.url}/payment-method`, { card_number: '4000 0000 0000 0341' });
    expect(saved).toMatchObject({ status: 303, location: `/p/session/${portal.id}` });
    expect(await delivered()).toEqual(['payment_method.attached', 'customer.updated', 'customer.subscription.updated']);
    const failing = (await stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] }))
      .default_payment_method as Stripe.PaymentMethod;
    expect(failing.card?.last4).toBe('0341');
    expect(await portalHtml(portal)).toContain('Visa •••• 0341, expires 12/34');

    receiver.clear();
    await standIn.advanceClock(customer.test_clock as string, subscription.items.data[0].current_period_end + DAY);
    expect(await delivered()).toEqual([
      'test_helpers.test_clock.advancing',
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'test_helpers.test_clock.ready',
    ]);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id);
    expect(pastDue.status).toBe('past_due');
    const [open] = (await stripe.invoices.list({ customer: customer.id, status: 'open' })).data;
    expect(open).toMatchObject({
      status: 'open',
      attempt_count: 1,
      attempted: true,
      amount_paid: 0,
      amount_remaining: 750_000,
      billing_reason: 'subscription_cycle',
    });
    expect(open.id).toBe(pastDue.latest_invoice);
    const warned = await portalHtml(portal);
    expect(warned).toContain('Status: Past due');
    expect(warned).toContain('Your last payment failed. Update your payment method to pay $7,500.00.');
    expect(warned).toMatch(/<td>\$7,500\.00<\/td><td>Open<\/td>/);

    // A card refused outright changes nothing.
    const declined = await postForm(`${portal.url}/payment-method`, { card_number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('<p class="error" role="alert">Your card was declined.</p>');

    receiver.clear();
    expect((await postForm(`${portal.url}/payment-method`, { card_number: '4242 4242 4242 4242' })).status).toBe(303);
    expect(await delivered()).toEqual([
      'payment_method.attached',
      'customer.updated',
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    await expect(stripe.invoices.retrieve(open.id)).resolves.toMatchObject({
      status: 'paid',
      attempt_count: 2,
      amount_paid: 750_000,
      amount_remaining: 0,
    });
    await expect(stripe.subscriptions.retrieve(subscription.id)).resolves.toMatchObject({ status: 'active' });
    const last = verifiedEvents().at(-1)!;
    expect(last.data.previous_attributes).toEqual({ status: 'past_due' });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((method) => method.card?.last4)).toEqual([
      '4242',
      '0341',
      '4242',
    ]);
  });

  it('Cancel plan asks for confirmation, then ends the plan at the period end (cancel_at = period end); advancing past it deletes the subscription', async () => {
    const { subscription, customer } = await subscribe();
    const portal = await openPortal(customer.id);
    const periodEnd = subscription.items.data[0].current_period_end;
    const confirmUrl = `${portal.url}/subscriptions/${subscription.id}/cancel`;
    const confirm = await (await fetch(confirmUrl)).text();
    expect(confirm).toContain('<h1>Cancel your plan</h1>');
    expect(confirm).toContain(dateText(periodEnd));
    expect(confirm).toMatch(/<button type="submit"[^>]*>Cancel plan<\/button>/);
    expect(confirm).toContain(`<a href="/p/session/${portal.id}">Go back</a>`);

    const answer = await postForm(confirmUrl);
    expect(answer).toMatchObject({ status: 303, location: `/p/session/${portal.id}` });
    const [event] = verifiedEvents();
    expect(event.type).toBe('customer.subscription.updated');
    expect(event.data.object).toMatchObject({ id: subscription.id, cancel_at_period_end: true, cancel_at: periodEnd, status: 'active' });
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    await expect(stripe.subscriptions.retrieve(subscription.id)).resolves.toMatchObject({
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      canceled_at: subscription.start_date,
    });

    const html = await portalHtml(portal);
    expect(html).toContain(`Cancels on ${dateText(periodEnd)}`);
    expect(html).not.toContain('>Cancel plan<');
    // Posting again (a reload of the form's answer) changes nothing.
    expect((await postForm(confirmUrl)).status).toBe(303);
    expect(await delivered()).toEqual(['customer.subscription.updated']);

    receiver.clear();
    await standIn.advanceClock(customer.test_clock as string, periodEnd + DAY);
    expect(await delivered()).toEqual([
      'test_helpers.test_clock.advancing',
      'customer.subscription.deleted',
      'test_helpers.test_clock.ready',
    ]);
    await expect(stripe.subscriptions.retrieve(subscription.id)).resolves.toMatchObject({ status: 'canceled', ended_at: periodEnd });
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);
    const after = await portalHtml(portal);
    expect(after).toContain('Status: Canceled');
    expect(after).toContain(`Ended on ${dateText(periodEnd)}`);
  });

  it('answers unknown portals, subscriptions and invoices with 404 pages, and serves finalized invoices', async () => {
    const { subscription, customer } = await subscribe();
    const portal = await openPortal(customer.id);
    expect((await fetch(`${standIn.url}/p/session/bps_nope`)).status).toBe(404);
    expect((await fetch(`${portal.url}/subscriptions/sub_nope/cancel`)).status).toBe(404);
    expect((await fetch(`${standIn.url}/i/in_nope`)).status).toBe(404);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    const page = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(page).toContain(`<h1>Invoice ${invoice.number}</h1>`);
    expect(page).toContain('Status: Paid');
    expect(page).toContain('1 × Web app — Earth plan (at $7,500.00 / month)');
  });

  it('names another business when started with businessName', async () => {
    const other = await start({ port: 0, quiet: true, secretKey, businessName: 'Leopard Labs' });
    try {
      const client = new Stripe(secretKey, { host: '127.0.0.1', port: other.port, protocol: 'http', maxNetworkRetries: 0 });
      const customer = await client.customers.create({ email: 'zoe@example.com' });
      const portal = await client.billingPortal.sessions.create({ customer: customer.id, return_url: RETURN_URL });
      const html = await (await fetch(portal.url)).text();
      expect(html).toContain('<h1>Leopard Labs</h1>');
      expect(html).toContain('Return to Leopard Labs');
      expect(html).toContain('No payment method on file.');
      expect(html).toContain('You have no subscriptions.');
    } finally {
      await other.stop();
    }
  });
});
