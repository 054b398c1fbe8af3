// The Stripe stand-in's invoice pages and the billing portal's plan switch (emulators/stripe),
// driven by the real `stripe` SDK and by posting the hosted pages' forms as a browser does: every
// finalized invoice has a number, a hosted page (number, date, lines, tax, total, status, a
// Download PDF link) and a real PDF of its lines; the portal switches between the configuration's
// prices with its proration behaviour and cancels with the reason given.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { planLookupKey, planProductId, planUnitCents } from './plans.testing';
import { postForm } from './peers.testing';
import { SUCCESS_URL, useStripeStandIn } from './stand-in.testing';

const { standIn, stripe, pay, subscribe, settledEvents, receiver } = useStripeStandIn('invoice-pages');

const START = Date.UTC(2027, 2, 1) / 1000;
const PERIOD_END = Date.UTC(2027, 3, 1) / 1000;
const HALF = START + (PERIOD_END - START) / 2;
const RETURN_URL = 'http://127.0.0.1:4173/account';

async function catalogue() {
  await stripe.products.create({ id: planProductId('gold'), name: 'Leopard Gold plan' });
  await stripe.products.create({ id: planProductId('diamond-peak'), name: 'Leopard Diamond Peak plan' });
  const price = (plan: 'gold' | 'diamond-peak', period: 'monthly' | 'yearly') =>
    stripe.prices.create({
      product: planProductId(plan),
      lookup_key: planLookupKey(plan, period),
      unit_amount: planUnitCents(plan, period),
      currency: 'usd',
      recurring: { interval: period === 'monthly' ? 'month' : 'year' },
    });
  return {
    goldMonthly: await price('gold', 'monthly'),
    goldYearly: await price('gold', 'yearly'),
    diamondMonthly: await price('diamond-peak', 'monthly'),
    diamondYearly: await price('diamond-peak', 'yearly'),
  };
}

async function buy(price: Stripe.Price) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
  const customer = await stripe.customers.create({ email: 'ada@example.com', test_clock: clock.id });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    success_url: SUCCESS_URL,
    line_items: [{ price: price.id, quantity: 1 }],
  });
  expect((await pay(session)).status).toBe(303);
  const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
  await standIn.settled();
  receiver.clear();
  return { subscription: paid.subscription as Stripe.Subscription, customer, clockId: clock.id };
}

/** Checks the PDF's structure as a reader does: header, trailer, and every xref offset pointing at
 *  its object. Returns the file as text (Latin-1) for looking into. */
function readPdf(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref))!;
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
  });
  // Each stream's /Length is its bytes.
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + '\nendstream'.length)).toBe('\nendstream');
  }
  return text;
}

describe('invoice pages and PDFs', () => {
  it('the hosted page shows number, date, lines, total, status and a Download PDF link; the PDF has the lines', async () => {
    const { subscription } = await subscribe();
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice.number).toMatch(/^[0-9A-F]{8}-0001$/);
    const response = await fetch(invoice.hosted_invoice_url!);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1>Invoice ${invoice.number}</h1>`);
    expect(html).toContain(`<span data-testid="invoice-number">${invoice.number}</span>`);
    expect(html).toContain('Status: Paid');
    expect(html).toContain('Issued on ');
    expect(html).toContain('1 × Web app — Earth plan (at $7,500.00 / month)');
    expect(html).toMatch(/<th scope="row" colspan="2">Total<\/th><td>\$7,500\.00<\/td>/);
    expect(html).toContain(`<a class="button" href="${invoice.invoice_pdf}" download>Download PDF</a>`);

    const pdfResponse = await fetch(invoice.invoice_pdf!);
    expect(pdfResponse.status).toBe(200);
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    const pdf = readPdf(Buffer.from(await pdfResponse.arrayBuffer()));
    expect(pdf).toContain(`(Invoice number: ${invoice.number}) Tj`);
    // WinAnsiEncoding: × is 0xD7 and — is 0x97.
    expect(pdf).toContain('(1 \xd7 Web app \x97 Earth plan \\(at $7,500.00 / month\\)) Tj');
    expect(pdf).toContain('(Amount paid) Tj');
    expect(pdf).toContain('($7,500.00) Tj');
  });

  it('a proration invoice’s page and PDF list its credit and charge', async () => {
    const { goldMonthly, diamondMonthly } = await catalogue();
    const { subscription, clockId } = await buy(goldMonthly);
    await standIn.advanceClock(clockId, HALF);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price: diamondMonthly.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    const html = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(html).toContain('Unused time on Leopard Gold plan after 16 Mar 2027');
    expect(html).toContain('-$7,500.00');
    expect(html).toContain('Remaining time on Leopard Diamond Peak plan after 16 Mar 2027');
    expect(html).toContain('$12,500.00');
    const pdf = readPdf(Buffer.from(await (await fetch(invoice.invoice_pdf!)).arrayBuffer()));
    expect(pdf).toContain('(Unused time on Leopard Gold plan after 16 Mar 2027) Tj');
    expect(pdf).toContain('(Remaining time on Leopard Diamond Peak plan after 16 Mar 2027) Tj');
    expect(pdf).toContain('(-$7,500.00) Tj');
  });

  it('a long line is wrapped between words in the PDF, all of it there', async () => {
    const name = 'Leopard extra storage for the Diamond Peak plan, two more terabytes';
    const { subscription } = await subscribe({ name });
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    const pdf = readPdf(Buffer.from(await (await fetch(invoice.invoice_pdf!)).arrayBuffer()));
    const rows = [...pdf.matchAll(/\(([^)]*(?:\\\)[^)]*)*)\) Tj/g)].map((match) => match[1]);
    const start = rows.findIndex((row) => row.startsWith('1 \xd7 Leopard extra storage'));
    expect(start).toBeGreaterThan(-1);
    expect(rows[start].length).toBeLessThanOrEqual(62);
    expect(`${rows[start]} ${rows[start + 3]}`.replaceAll('\\', '')).toBe(`1 \xd7 ${name} (at $7,500.00 / month)`);
  });

  it('answers unknown invoices and their PDFs with 404 pages', async () => {
    expect((await fetch(`${standIn.url}/i/in_nope`)).status).toBe(404);
    expect((await fetch(`${standIn.url}/i/in_nope/pdf`)).status).toBe(404);
    expect((await fetch(`${standIn.url}/i/in_nope/pdf/x`)).status).toBe(404);
  });
});

/** A portal configuration as `npm run stripe:sync` makes it: switching between the plans' prices,
 *  always invoiced; canceling at the period's end with reasons. */
async function configuration(prices: Awaited<ReturnType<typeof catalogue>>) {
  return stripe.billingPortal.configurations.create({
    metadata: { leopard: 'catalogue' },
    features: {
      payment_method_update: { enabled: true },
      invoice_history: { enabled: true },
      subscription_cancel: {
        enabled: true,
        mode: 'at_period_end',
        cancellation_reason: { enabled: true, options: ['too_expensive', 'missing_features', 'other'] },
      },
      subscription_update: {
        enabled: true,
        default_allowed_updates: ['price'],
        proration_behavior: 'always_invoice',
        products: [
          { product: planProductId('gold'), prices: [prices.goldMonthly.id, prices.goldYearly.id] },
          { product: planProductId('diamond-peak'), prices: [prices.diamondMonthly.id, prices.diamondYearly.id] },
        ],
      },
    },
  });
}

describe('the portal’s plan switch and cancellation', () => {
  it('switches Gold → Diamond Peak: shows the $5,000.00 due, then updates and pays at once', async () => {
    const prices = await catalogue();
    const config = await configuration(prices);
    const { subscription, customer, clockId } = await buy(prices.goldMonthly);
    await standIn.advanceClock(clockId, HALF);
    receiver.clear();
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, configuration: config.id, return_url: RETURN_URL });
    const base = `${portal.url}/subscriptions/${subscription.id}`;

    expect(await (await fetch(portal.url)).text()).toContain(
      `<a class="button" href="/p/session/${portal.id}/subscriptions/${subscription.id}/update">Update plan</a>`,
    );
    const choose = await (await fetch(`${base}/update`)).text();
    expect(choose).toContain('<h1>Update your plan</h1>');
    expect(choose).toContain(`value="${prices.goldMonthly.id}" disabled> Leopard Gold plan — $15,000.00 / month (current plan)`);
    expect(choose).toContain(`value="${prices.diamondMonthly.id}" required> Leopard Diamond Peak plan — $25,000.00 / month`);
    expect(choose).toContain(`value="${prices.goldYearly.id}" required> Leopard Gold plan — $180,000.00 / year`);

    const confirm = await postForm(`${base}/update`, { price: prices.diamondMonthly.id });
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('<h1>Confirm your new plan</h1>');
    expect(confirm.html).toContain('<span data-testid="amount-due">$5,000.00</span>');
    // Looking changes nothing.
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.id).toBe(prices.goldMonthly.id);

    const done = await postForm(`${base}/update/confirm`, { price: prices.diamondMonthly.id });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/p/session/${portal.id}`);
    const updated = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(updated.items.data[0].price.id).toBe(prices.diamondMonthly.id);
    expect(updated.latest_invoice).toMatchObject({ billing_reason: 'subscription_update', amount_paid: 500_000, status: 'paid' });
    // The page answered once the webhook had heard.
    expect(receiver.types()).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
  });

  it('refuses prices the configuration does not offer and other customers’ subscriptions', async () => {
    const prices = await catalogue();
    const config = await configuration(prices);
    const { subscription, customer } = await buy(prices.goldMonthly);
    const { subscription: theirs } = await buy(prices.diamondMonthly);
    const stray = await stripe.prices.create({
      product: planProductId('gold'),
      unit_amount: 1,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, configuration: config.id });
    const base = `${portal.url}/subscriptions/${subscription.id}`;
    for (const price of [stray.id, 'price_nope', prices.goldMonthly.id, '']) {
      const answer = await postForm(`${base}/update/confirm`, { price });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain('Choose one of the plans offered.');
    }
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.id).toBe(prices.goldMonthly.id);
    expect((await fetch(`${portal.url}/subscriptions/${theirs.id}/update`)).status).toBe(404);
    expect((await postForm(`${portal.url}/subscriptions/${theirs.id}/update/confirm`, { price: prices.goldMonthly.id })).status).toBe(404);
    // The default configuration offers no plan switch.
    const plain = await stripe.billingPortal.sessions.create({ customer: customer.id });
    expect(await (await fetch(plain.url)).text()).not.toContain('Update plan');
    expect(
      (await postForm(`${plain.url}/subscriptions/${subscription.id}/update/confirm`, { price: prices.diamondMonthly.id })).status,
    ).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.id).toBe(prices.goldMonthly.id);
  });

  it('a double-submitted Confirm switches and charges once', async () => {
    const prices = await catalogue();
    const config = await configuration(prices);
    const { subscription, customer, clockId } = await buy(prices.goldMonthly);
    await standIn.advanceClock(clockId, HALF);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, configuration: config.id });
    const confirm = () => postForm(`${portal.url}/subscriptions/${subscription.id}/update/confirm`, { price: prices.diamondMonthly.id });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400, 400]);
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual(['subscription_update', 'subscription_create']);
    expect(
      standIn
        .charges()
        .filter((charge) => charge.customer === customer.id)
        .map((charge) => charge.amount),
    ).toEqual([prices.goldMonthly.unit_amount, 500_000]);
  });

  it('offers no cancellation when the configuration turns it off', async () => {
    const prices = await catalogue();
    const config = await stripe.billingPortal.configurations.create({
      features: { subscription_cancel: { enabled: false }, invoice_history: { enabled: true } },
    });
    const { subscription, customer } = await buy(prices.goldMonthly);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, configuration: config.id });
    expect(await (await fetch(portal.url)).text()).not.toContain('Cancel plan');
    expect((await postForm(`${portal.url}/subscriptions/${subscription.id}/cancel`)).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
  });

  it('a declined switch shows the card’s message and leaves the plan', async () => {
    const prices = await catalogue();
    const config = await configuration(prices);
    const { subscription, customer, clockId } = await buy(prices.goldMonthly);
    await standIn.advanceClock(clockId, HALF);
    await fetch(`${standIn.url}/__customers/${customer.id}/card`, {
      method: 'POST',
      body: JSON.stringify({ number: '4000 0000 0000 0341' }),
    });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, configuration: config.id });
    const answer = await postForm(`${portal.url}/subscriptions/${subscription.id}/update/confirm`, { price: prices.diamondMonthly.id });
    expect(answer.status).toBe(402);
    expect(answer.html).toContain('<p class="error" role="alert">Your card was declined.</p>');
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.id).toBe(prices.goldMonthly.id);
  });

  it('cancels at the period’s end with the reason chosen', async () => {
    const prices = await catalogue();
    const config = await configuration(prices);
    const { subscription, customer } = await buy(prices.goldMonthly);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, configuration: config.id });
    const page = await (await fetch(`${portal.url}/subscriptions/${subscription.id}/cancel`)).text();
    expect(page).toContain('<legend>Why are you canceling? (optional)</legend>');
    expect(page).toContain('<input type="radio" name="reason" value="too_expensive"> It’s too expensive');
    expect(page).not.toContain('value="unused"');
    const answer = await postForm(`${portal.url}/subscriptions/${subscription.id}/cancel`, {
      reason: 'too_expensive',
      comment: 'Over budget this year',
    });
    expect(answer.status).toBe(303);
    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    expect(canceled).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: PERIOD_END,
      cancellation_details: { reason: 'cancellation_requested', feedback: 'too_expensive', comment: 'Over budget this year' },
    });
    const [event] = await settledEvents('customer.subscription.updated');
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancellation_details: { feedback: null } });
  });

  it('ignores a reason the configuration does not offer', async () => {
    const prices = await catalogue();
    const config = await configuration(prices);
    const { subscription, customer } = await buy(prices.goldMonthly);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, configuration: config.id });
    await postForm(`${portal.url}/subscriptions/${subscription.id}/cancel`, { reason: '<script>' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancellation_details).toMatchObject({
      feedback: null,
      reason: 'cancellation_requested',
    });
  });
});
