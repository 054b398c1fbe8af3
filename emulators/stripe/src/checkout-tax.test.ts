// Checkout as the shop sells a plan now, on the Stripe stand-in (emulators/stripe) with the real
// `stripe` SDK: catalogue Prices as line items, the terms to accept, the billing address and tax
// ID, automatic tax from the stand-in's tax table, promotion codes typed on the hosted page, and
// the tax and discount on the subscription's invoices — with the refusals a buyer or a forger meets.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { addMonths, SUBSCRIPTION_PAID_EVENTS, SUCCESS_URL, TEST_CARD, useStripeStandIn } from './stand-in.testing';
import { postForm } from './peers.testing';
import { start } from './server';

const { standIn, stripe, receiver, pay, settledEvents } = useStripeStandIn('checkout-tax');

const TERMS_URL = 'http://127.0.0.1:4173/legal/terms-of-service';
const GOLD_CENTS = 750_000;

/** What paying made happen (the catalogue's own events left out). */
const checkoutEvents = async () => (await settledEvents()).filter((event) => !/^(product|price|coupon|promotion_code)\./.test(event.type));

const failure = (promise: Promise<unknown>) => promise.then(() => null).catch((error: unknown) => error as Stripe.errors.StripeError);

async function catalogue() {
  const product = await stripe.products.create({ id: 'leopard-plan-gold', name: 'Web app — Gold plan' });
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: GOLD_CENTS,
    recurring: { interval: 'month' },
    lookup_key: 'plan:gold:monthly',
    tax_behavior: 'exclusive',
    metadata: { plan: 'gold', period: 'monthly' },
  });
  return { product, price };
}

async function demoCode(options: Partial<Stripe.PromotionCodeCreateParams> = {}) {
  await stripe.coupons.create({ id: 'leopard-demo-10', percent_off: 10, duration: 'once' });
  return stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'leopard-demo-10' }, code: 'LEOPARD10', ...options });
}

/** The session our checkout function makes for a plan (lookup key → price). */
async function planSession(price: Stripe.Price, overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    success_url: SUCCESS_URL,
    customer_email: 'ada@example.com',
    line_items: [{ price: price.id, quantity: 1 }],
    subscription_data: { metadata: { orderId: 'order-1' } },
    consent_collection: { terms_of_service: 'required' },
    custom_text: { terms_of_service_acceptance: { message: `I agree to the [Terms of Service](${TERMS_URL}).` } },
    billing_address_collection: 'required',
    tax_id_collection: { enabled: true },
    automatic_tax: { enabled: true },
    allow_promotion_codes: true,
    ...overrides,
  } as Stripe.Checkout.SessionCreateParams);
}

const CALIFORNIA = { name: 'Ada Lovelace', country: 'US', line1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105' };
const BERLIN = { name: 'Ada Lovelace', country: 'DE', line1: 'Unter den Linden 1', city: 'Berlin', state: '', postal_code: '10117' };

const payWith = (session: Pick<Stripe.Checkout.Session, 'id'>, fields: Record<string, string>) =>
  pay(session, { card_number: TEST_CARD, terms_of_service: 'accepted', ...fields });

/** Apply / Remove / Update total, as the browser does it: a 303 back to the page, which is then
 *  shown (`html`); a refusal is the page at once. */
async function update(session: Pick<Stripe.Checkout.Session, 'id'>, fields: Record<string, string>) {
  const answer = await postForm(`${standIn.url}/c/pay/${session.id}/update`, fields);
  if (answer.status !== 303) return answer;
  expect(answer.location).toBe(`/c/pay/${session.id}`);
  return { ...answer, html: await (await fetch(`${standIn.url}${answer.location}`)).text() };
}

describe('a catalogue checkout session', () => {
  it('has the catalogue price, the terms, address, tax ID and code collection, and tax still to work out', async () => {
    const { price } = await catalogue();
    const session = await planSession(price);
    expect(session).toMatchObject({
      amount_subtotal: GOLD_CENTS,
      amount_total: GOLD_CENTS,
      consent_collection: { terms_of_service: 'required' },
      custom_text: { terms_of_service_acceptance: { message: `I agree to the [Terms of Service](${TERMS_URL}).` } },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: true },
      automatic_tax: { enabled: true, status: 'requires_location_inputs' },
      allow_promotion_codes: true,
      total_details: { amount_discount: 0, amount_tax: 0 },
      consent: null,
    });
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]).toMatchObject({
      description: 'Web app — Gold plan',
      price: { id: price.id, lookup_key: 'plan:gold:monthly', metadata: { plan: 'gold', period: 'monthly' }, tax_behavior: 'exclusive' },
    });

    const html = await (await fetch(session.url!)).text();
    expect(html).toMatch(/<input type="checkbox" id="terms-of-service" name="terms_of_service" value="accepted" required>/);
    expect(html).toContain(`I agree to the <a href="${TERMS_URL}" target="_blank" rel="noopener">Terms of Service</a>.`);
    for (const label of [
      'Full name',
      'Country',
      'Address line 1',
      'City',
      'State or province',
      'Postal code',
      'Tax ID (optional)',
      'Promotion code (optional)',
    ])
      expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('<option value="US">United States</option>');
    expect(html).toContain('Tax (worked out from your billing address)');
    expect(html).toMatch(/<button type="submit" formaction="\/c\/pay\/cs_test_\w+\/update" formnovalidate>Apply<\/button>/);
    expect(html).not.toMatch(/<script|(src)="https?:/);
  });

  it('escapes the custom terms text and links only http(s) targets', async () => {
    const { price } = await catalogue();
    const session = await planSession(price, {
      custom_text: {
        terms_of_service_acceptance: { message: 'I agree <b>[x](javascript:alert(1))</b> and [Terms](https://example.com/t?a=1&b="2")' },
      },
    });
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain(
      'I agree &lt;b&gt;[x](javascript:alert(1))&lt;/b&gt; and <a href="https://example.com/t?a=1&amp;b=&quot;2&quot;"',
    );
  });
});

describe('paying with terms, address and tax', () => {
  it('is refused without the terms accepted, and nothing happens', async () => {
    const { price } = await catalogue();
    const session = await planSession(price);
    const answer = await pay(session, { card_number: TEST_CARD, ...CALIFORNIA });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('<p class="error" role="alert">Accept the terms of service to continue.</p>');
    expect(answer.html).toContain('value="1 Market St"');
    expect(answer.html).toMatch(/id="terms-of-service"[^>]*aria-invalid="true"/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(await checkoutEvents()).toEqual([]);
    expect(await stripe.customers.list({ email: 'ada@example.com' })).toMatchObject({ data: [] });
  });

  it('is refused without a complete address or with a malformed tax ID, keeping what was typed', async () => {
    const { price } = await catalogue();
    const session = await planSession(price);
    const noState = await payWith(session, { ...CALIFORNIA, state: '' });
    expect(noState.status).toBe(400);
    expect(noState.html).toContain('Enter your state (for example CA).');
    const badZip = await payWith(session, { ...CALIFORNIA, postal_code: '941' });
    expect(badZip.html).toContain('Your ZIP code is incomplete.');
    const noCountry = await payWith(session, { ...CALIFORNIA, country: 'XX' });
    expect(noCountry.html).toContain('Choose your country.');
    const badTaxId = await payWith(session, { ...BERLIN, tax_id: 'DE12' });
    expect(badTaxId.status).toBe(400);
    expect(badTaxId.html).toContain('Your tax ID is invalid.');
    expect(badTaxId.html).toContain('value="DE12"');
    expect(await checkoutEvents()).toEqual([]);
  });

  it('taxes a California buyer 7.25 % on the session, the customer and every invoice of the subscription', async () => {
    const { price } = await catalogue();
    const session = await planSession(price);
    const priced = await update(session, CALIFORNIA);
    expect(priced.status).toBe(303);
    expect(priced.html).toContain('Sales Tax — California (7.25 %)');
    expect(priced.html).toContain('<span data-testid="tax">$543.75</span>');
    expect(priced.html).toContain('<span data-testid="total">$8,043.75</span>');

    const answer = await payWith(session, { ...CALIFORNIA, tax_id: '12-3456789' });
    expect(answer.status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'invoice'] });
    expect(paid).toMatchObject({
      status: 'complete',
      consent: { terms_of_service: 'accepted' },
      automatic_tax: { enabled: true, status: 'complete' },
      amount_subtotal: GOLD_CENTS,
      amount_total: 804_375,
      total_details: { amount_tax: 54_375, amount_discount: 0 },
      customer_details: {
        name: 'Ada Lovelace',
        address: { country: 'US', state: 'CA', city: 'San Francisco', line1: '1 Market St', postal_code: '94105', line2: null },
        tax_ids: [{ type: 'us_ein', value: '12-3456789' }],
      },
    });
    const subscription = paid.subscription as Stripe.Subscription;
    expect(subscription.automatic_tax.enabled).toBe(true);
    expect(subscription.items.data[0].price).toMatchObject({ id: price.id, lookup_key: 'plan:gold:monthly' });
    const invoice = paid.invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      subtotal: GOLD_CENTS,
      total_excluding_tax: GOLD_CENTS,
      total: 804_375,
      amount_paid: 804_375,
      automatic_tax: { enabled: true, status: 'complete' },
      total_taxes: [
        { amount: 54_375, tax_behavior: 'exclusive', taxable_amount: GOLD_CENTS, tax_rate_details: { tax_rate: 'txr_standin_us_ca' } },
      ],
      customer_address: { state: 'CA' },
      customer_tax_ids: [{ type: 'us_ein', value: '12-3456789' }],
    });
    expect(invoice.lines.data[0].taxes).toEqual([
      expect.objectContaining({ amount: 54_375, taxable_amount: GOLD_CENTS, taxability_reason: 'standard_rated' }),
    ]);

    const customer = await stripe.customers.retrieve(paid.customer as string);
    expect(customer).toMatchObject({ name: 'Ada Lovelace', address: { state: 'CA', postal_code: '94105' } });
    const taxIds = await stripe.customers.listTaxIds(paid.customer as string);
    expect(taxIds.data.map((entry) => [entry.type, entry.value])).toEqual([['us_ein', '12-3456789']]);

    const types = (await checkoutEvents()).map((event) => event.type);
    expect(types).toEqual(['customer.created', 'customer.updated', 'customer.tax_id.created', ...SUBSCRIPTION_PAID_EVENTS]);

    // The renewal a month on is taxed the same.
    const clock = (customer as Stripe.Customer).test_clock as string;
    await standIn.advanceClock(clock, addMonths(subscription.start_date, 1) + 60);
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((entry) => [entry.billing_reason, entry.total, entry.total_taxes?.[0]?.amount])).toEqual([
      ['subscription_cycle', 804_375, 54_375],
      ['subscription_create', 804_375, 54_375],
    ]);
  });

  it('charges no tax to an address the table does not name', async () => {
    const { price } = await catalogue();
    const session = await planSession(price);
    expect((await payWith(session, { ...CALIFORNIA, country: 'JP', state: '', postal_code: '100-0001', city: 'Tokyo' })).status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['invoice'] });
    expect(paid.total_details?.amount_tax).toBe(0);
    expect((paid.invoice as Stripe.Invoice).total_taxes).toEqual([
      expect.objectContaining({ amount: 0, taxability_reason: 'not_collecting' }),
    ]);
    expect((paid.invoice as Stripe.Invoice).total).toBe(GOLD_CENTS);
  });
});

describe('promotion codes on the hosted page', () => {
  it('applies LEOPARD10 to the first invoice only, before tax', async () => {
    const { price } = await catalogue();
    await demoCode();
    const session = await planSession(price);
    const applied = await update(session, { ...BERLIN, promotion_code: 'leopard10' });
    expect(applied.status).toBe(303);
    expect(applied.html).toContain('Promotion code LEOPARD10 applied.');
    expect(applied.html).toContain('<span data-testid="discount">−$750.00</span>');
    expect(applied.html).toContain('VAT — Germany (19 %)');
    expect(applied.html).toContain('<span data-testid="tax">$1,282.50</span>');
    expect(applied.html).toContain('<span data-testid="total">$8,032.50</span>');
    expect((await stripe.checkout.sessions.retrieve(session.id)).discounts).toEqual([
      { coupon: 'leopard-demo-10', promotion_code: expect.stringMatching(/^promo_/) },
    ]);
    // Reloaded: what was typed and the totals stay, the notice was shown once.
    const reloaded = await (await fetch(`${standIn.url}/c/pay/${session.id}`)).text();
    expect(reloaded).toContain('value="Unter den Linden 1"');
    expect(reloaded).toContain('<span data-testid="total">$8,032.50</span>');
    expect(reloaded).not.toContain('Promotion code LEOPARD10 applied.');

    expect((await payWith(session, { ...BERLIN, tax_id: 'DE 123 456 789' })).status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['invoice', 'subscription'] });
    expect(paid).toMatchObject({ amount_total: 803_250, total_details: { amount_discount: 75_000, amount_tax: 128_250 } });
    expect(paid.customer_details?.tax_ids).toEqual([{ type: 'eu_vat', value: 'DE123456789' }]);
    const invoice = paid.invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ subtotal: GOLD_CENTS, total_excluding_tax: 675_000, total: 803_250, amount_paid: 803_250 });
    expect(invoice.total_discount_amounts).toEqual([{ amount: 75_000, discount: expect.stringMatching(/^di_/) }]);
    expect(invoice.discounts).toEqual([invoice.total_discount_amounts![0].discount]);
    expect(invoice.lines.data[0].discount_amounts).toEqual(invoice.total_discount_amounts);
    const subscription = paid.subscription as Stripe.Subscription;
    expect(subscription.discounts).toEqual(invoice.discounts);

    const code = (await stripe.promotionCodes.list({ code: 'LEOPARD10' })).data[0];
    expect(code.times_redeemed).toBe(1);
    expect((await stripe.coupons.retrieve('leopard-demo-10')).times_redeemed).toBe(1);
    expect((await settledEvents('customer.discount.created')).map((event) => (event.data.object as Stripe.Discount).subscription)).toEqual([
      subscription.id,
    ]);

    // `once`: the renewal is full price (with its tax).
    const customer = await stripe.customers.retrieve(paid.customer as string);
    await standIn.advanceClock((customer as Stripe.Customer).test_clock as string, addMonths(subscription.start_date, 1) + 60);
    const [renewal] = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total_discount_amounts: [], total: 892_500 });
  });

  it('refuses a forged code, an inactive one and an expired one, leaving the total as it was', async () => {
    const { price } = await catalogue();
    const code = await demoCode();
    await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'leopard-demo-10' }, code: 'OLDCODE', active: false });
    const soon = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'leopard-demo-10' },
      code: 'SOON',
      expires_at: standIn.now() + 3600,
    });
    const session = await planSession(price);
    for (const typed of ['LEOPARD100', 'OLDCODE', `${code.id}`]) {
      const answer = await update(session, { promotion_code: typed });
      expect(answer.status, typed).toBe(400);
      expect(answer.html).toContain('<p class="error" role="alert">This code is invalid.</p>');
      expect(answer.html).toContain(`value="${typed}"`);
    }
    expect((await stripe.checkout.sessions.retrieve(session.id)).discounts).toEqual([]);
    // A forged code typed into Pay refuses the payment.
    const forged = await payWith(session, { ...CALIFORNIA, promotion_code: 'LEOPARD100' });
    expect(forged.status).toBe(400);
    expect(forged.html).toContain('This code is invalid.');

    await standIn.advanceTime(7200);
    const expired = await update(session, { promotion_code: 'soon' });
    expect(expired.status).toBe(400);
    expect(expired.html).toContain('This code has expired.');
    expect(soon.expires_at).toBeLessThan(standIn.now());
    expect(await settledEvents('checkout.session.completed')).toEqual([]);
  });

  it('stops at max_redemptions, also for a buyer who applied the code before the last one was used', async () => {
    const { price } = await catalogue();
    await demoCode({ max_redemptions: 1 });
    const first = await planSession(price);
    const second = await planSession(price, { customer_email: 'grace@example.com' });
    expect((await update(first, { promotion_code: 'LEOPARD10' })).status).toBe(303);
    expect((await update(second, { promotion_code: 'LEOPARD10' })).status).toBe(303);

    expect((await payWith(first, CALIFORNIA)).status).toBe(303);
    const late = await payWith(second, CALIFORNIA);
    expect(late.status).toBe(400);
    expect(late.html).toContain('This code has been used up. The discount was removed.');
    expect(late.html).toContain('<span data-testid="total">$8,043.75</span>');
    expect((await stripe.checkout.sessions.retrieve(second.id)).discounts).toEqual([]);
    expect((await update(second, { promotion_code: 'LEOPARD10' })).html).toContain('This code has been used up.');
    // Paying again without it is full price.
    expect((await payWith(second, CALIFORNIA)).status).toBe(303);
    expect((await stripe.checkout.sessions.retrieve(second.id)).amount_total).toBe(804_375);
  });

  it('lets exactly one of two buyers paying at the same moment use the last redemption', async () => {
    const { price } = await catalogue();
    await demoCode({ max_redemptions: 1 });
    const sessions = await Promise.all(
      ['ada@example.com', 'grace@example.com'].map((email) => planSession(price, { customer_email: email })),
    );
    for (const session of sessions) expect((await update(session, { promotion_code: 'LEOPARD10' })).status).toBe(303);
    const answers = await Promise.all(sessions.map((session) => payWith(session, CALIFORNIA)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    const totals = await Promise.all(
      sessions.map(async (session) => (await stripe.checkout.sessions.retrieve(session.id)).total_details?.amount_discount),
    );
    expect(totals.sort()).toEqual([0, 75_000]);
    expect((await stripe.coupons.retrieve('leopard-demo-10')).times_redeemed).toBe(1);
  });

  it('takes off a code deactivated between Apply and Pay, and refuses the payment once', async () => {
    const { price } = await catalogue();
    const code = await demoCode();
    const session = await planSession(price);
    await update(session, { promotion_code: 'LEOPARD10' });
    await stripe.promotionCodes.update(code.id, { active: false });
    const refused = await payWith(session, CALIFORNIA);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('This code is not active. The discount was removed.');
    expect((await payWith(session, CALIFORNIA)).status).toBe(303);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ discounts: [], amount_total: 804_375 });
    expect((await stripe.coupons.retrieve('leopard-demo-10')).times_redeemed).toBe(0);
  });

  it('removes an applied code when asked', async () => {
    const { price } = await catalogue();
    await demoCode();
    const session = await planSession(price);
    await update(session, { promotion_code: 'LEOPARD10' });
    const removed = await update(session, { remove_promotion_code: '1' });
    expect(removed.html).toContain('Promotion code removed.');
    expect(removed.html).not.toContain('data-testid="discount"');
    expect((await stripe.checkout.sessions.retrieve(session.id)).discounts).toEqual([]);
  });
});

describe('what the API refuses', () => {
  it('an archived or unknown price, a price and price_data together', async () => {
    const { price } = await catalogue();
    await stripe.prices.update(price.id, { active: false });
    expect(await failure(planSession(price))).toMatchObject({
      statusCode: 400,
      message: 'The price specified is inactive. This field only accepts active prices.',
      param: 'line_items[0][price]',
    });
    expect(await failure(planSession({ ...price, id: 'price_nope' }))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
      param: 'line_items[0][price]',
    });
    const both = await failure(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        success_url: SUCCESS_URL,
        line_items: [
          {
            price: price.id,
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: 1, recurring: { interval: 'month' }, product_data: { name: 'x' } },
          },
        ],
      }),
    );
    expect(both).toMatchObject({ statusCode: 400, param: 'line_items[0][price]' });
  });

  it('a forged or used-up promotion code in discounts, and codes with discounts', async () => {
    const { price } = await catalogue();
    const code = await demoCode({ max_redemptions: 1 });
    expect(
      await failure(planSession(price, { allow_promotion_codes: undefined, discounts: [{ promotion_code: 'promo_forged' }] })),
    ).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such promotion code: 'promo_forged'",
      param: 'discounts[0][promotion_code]',
    });
    expect(await failure(planSession(price, { discounts: [{ promotion_code: code.id }] }))).toMatchObject({
      statusCode: 400,
      param: 'allow_promotion_codes',
    });
    const shop = await planSession(price, { allow_promotion_codes: undefined, discounts: [{ promotion_code: code.id }] });
    expect(shop).toMatchObject({ total_details: { amount_discount: 75_000 }, amount_total: 675_000 });
    expect((await payWith(shop, CALIFORNIA)).status).toBe(303);
    expect(await failure(planSession(price, { allow_promotion_codes: undefined, discounts: [{ promotion_code: code.id }] }))).toMatchObject(
      {
        statusCode: 400,
        message: 'This code has been used up.',
        param: 'discounts[0][promotion_code]',
      },
    );
    await stripe.coupons.create({ id: 'one-off', amount_off: 50_000, currency: 'usd', max_redemptions: 1 });
    const couponed = await planSession(price, { allow_promotion_codes: undefined, discounts: [{ coupon: 'one-off' }] });
    expect(couponed.total_details?.amount_discount).toBe(50_000);
    expect((await payWith(couponed, CALIFORNIA)).status).toBe(303);
    expect(await failure(planSession(price, { allow_promotion_codes: undefined, discounts: [{ coupon: 'one-off' }] }))).toMatchObject({
      statusCode: 400,
      message: 'Coupon one-off is no longer valid.',
      param: 'discounts[0][coupon]',
    });
    expect(await failure(planSession(price, { allow_promotion_codes: undefined, discounts: [{ coupon: 'nope' }] }))).toMatchObject({
      statusCode: 404,
      message: "No such coupon: 'nope'",
    });
  });

  it('automatic tax for a customer with no address unless the address typed is saved to it', async () => {
    const { price } = await catalogue();
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const refused = await failure(planSession(price, { customer_email: undefined, customer: customer.id }));
    expect(refused).toMatchObject({ statusCode: 400, param: 'automatic_tax[enabled]' });
    expect(refused?.message).toContain('Automatic tax calculation in Checkout requires a valid address on the Customer.');
    expect(await failure(planSession(price, { customer_update: { address: 'auto' } }))).toMatchObject({
      statusCode: 400,
      message: 'customer_update can only be used with customer.',
    });
    expect(
      await failure(planSession(price, { custom_text: { terms_of_service_acceptance: { message: 'x'.repeat(1201) } } })),
    ).toMatchObject({ statusCode: 400, param: 'custom_text[terms_of_service_acceptance][message]' });
    expect(await failure(planSession(price, { automatic_tax: { enabled: true, liability: { type: 'self' } } }))).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'automatic_tax[liability]',
    });
    expect(await failure(planSession(price, { consent_collection: { terms_of_service: 'required', promotions: 'auto' } }))).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'consent_collection[promotions]',
    });

    const session = await planSession(price, {
      customer_email: undefined,
      customer: customer.id,
      customer_update: { address: 'auto', name: 'auto' },
    });
    expect((await payWith(session, { ...CALIFORNIA, name: 'Ada King' })).status).toBe(303);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ name: 'Ada King', address: { state: 'CA' } });
  });
});

describe('the webhook delay', () => {
  it('sends the buyer back at once and delivers the checkout events that much later', async () => {
    const { price } = await catalogue();
    const control = `${standIn.url}/__webhook-delay`;
    expect(await (await fetch(control)).json()).toEqual({ ms: 0 });
    const refused = await fetch(control, { method: 'POST', body: JSON.stringify({ ms: -1 }) });
    expect(refused.status).toBe(400);
    expect((await fetch(control, { method: 'POST', body: JSON.stringify({ ms: 1500 }) })).status).toBe(200);
    try {
      await settledEvents();
      receiver.clear();
      const session = await planSession(price);
      const started = Date.now();
      expect((await payWith(session, CALIFORNIA)).status).toBe(303);
      expect(Date.now() - started).toBeLessThan(1500);
      // Stripe's objects exist at once; the shop has heard nothing yet.
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
      expect(receiver.types()).not.toContain('checkout.session.completed');
      const events = await settledEvents();
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect(events.map((event) => event.type)).toContain('checkout.session.completed');
      expect(events.map((event) => event.type)).toContain('invoice.paid');
    } finally {
      await fetch(control, { method: 'POST', body: JSON.stringify({ ms: 0 }) });
    }
    expect(await (await fetch(control)).json()).toEqual({ ms: 0 });
  });

  it('can be one session’s own: its events wait, another session’s go out at once', async () => {
    const { price } = await catalogue();
    const control = `${standIn.url}/__webhook-delay`;
    const delayed = await planSession(price);
    const other = await planSession(price);
    const unknown = await fetch(control, { method: 'POST', body: JSON.stringify({ ms: 1500, session: 'cs_test_nope' }) });
    expect(unknown.status).toBe(404);
    const set = await fetch(control, { method: 'POST', body: JSON.stringify({ ms: 1500, session: delayed.id }) });
    expect(await set.json()).toEqual({ ms: 1500, session: delayed.id });
    expect(await (await fetch(control)).json()).toEqual({ ms: 0 });
    await settledEvents();
    receiver.clear();

    expect((await payWith(other, CALIFORNIA)).status).toBe(303);
    // Pay waited for the other session's events: they are in already.
    expect(receiver.types()).toContain('checkout.session.completed');
    receiver.clear();

    const started = Date.now();
    expect((await payWith(delayed, CALIFORNIA)).status).toBe(303);
    expect(receiver.types()).not.toContain('checkout.session.completed');
    const events = await settledEvents();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(events.map((event) => event.type)).toContain('checkout.session.completed');
  });
});

describe('an account without a Terms of Service URL', () => {
  it("refuses Terms consent in Stripe's words and makes no session, and takes it once the URL is set", async () => {
    const secretKey = 'sk_test_no_terms_url';
    const bare = await start({ port: 0, quiet: true, secretKey });
    try {
      const newAccount = new Stripe(secretKey, { host: '127.0.0.1', port: bare.port, protocol: 'http', maxNetworkRetries: 0 });
      const price = await newAccount.prices.create({
        currency: 'usd',
        unit_amount: GOLD_CENTS,
        recurring: { interval: 'month' },
        product_data: { name: 'Web app — Gold plan' },
      });
      const refused = await failure(
        newAccount.checkout.sessions.create({
          mode: 'subscription',
          success_url: SUCCESS_URL,
          line_items: [{ price: price.id, quantity: 1 }],
          consent_collection: { terms_of_service: 'required' },
        }),
      );
      expect(refused).toMatchObject({
        statusCode: 400,
        type: 'StripeInvalidRequestError',
        param: 'consent_collection[terms_of_service]',
        message: expect.stringMatching(
          /^You cannot collect consent to your terms of service unless a URL is set in the Stripe Dashboard\./,
        ),
      });
      expect(bare.sessions()).toEqual([]);
      // Without Terms consent the same account makes the session.
      const plain = await newAccount.checkout.sessions.create({
        mode: 'subscription',
        success_url: SUCCESS_URL,
        line_items: [{ price: price.id, quantity: 1 }],
      });
      expect(plain.consent_collection).toBeNull();
    } finally {
      await bare.stop();
    }

    // This file's stand-in has the URL set, as the deployer sets it in the Dashboard.
    const { price } = await catalogue();
    const session = await planSession(price);
    expect(session.consent_collection).toMatchObject({ terms_of_service: 'required' });
  });
});
