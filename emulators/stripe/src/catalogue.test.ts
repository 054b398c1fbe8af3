// The catalogue side of the Stripe stand-in (emulators/stripe), driven by the real `stripe` SDK:
// Products with ids of our choosing, Prices with lookup keys (one price at a time, moved with
// transfer_lookup_key, archived with active=false), coupons, promotion codes, billing portal
// configurations and the tax table's rates — with Stripe's errors and events.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useStripeStandIn } from './stand-in.testing';

const { stripe, settledEvents } = useStripeStandIn('catalogue');

const failure = (promise: Promise<unknown>) => promise.then(() => null).catch((error: unknown) => error as Stripe.errors.StripeError);

async function goldPlan(amount = 150_000) {
  const product = await stripe.products.create({ id: 'leopard-plan-gold', name: 'Web app — Gold plan', metadata: { plan: 'gold' } });
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: amount,
    recurring: { interval: 'month' },
    lookup_key: 'plan:gold:monthly',
    tax_behavior: 'exclusive',
    metadata: { plan: 'gold', period: 'monthly' },
  });
  return { product, price };
}

describe('products', () => {
  it('are made with our id, read, listed and updated, with their events', async () => {
    const product = await stripe.products.create({ id: 'leopard-addon-storage', name: 'Extra storage', description: '100 GB' });
    expect(product).toMatchObject({
      id: 'leopard-addon-storage',
      object: 'product',
      active: true,
      name: 'Extra storage',
      description: '100 GB',
      default_price: null,
      metadata: {},
      livemode: false,
    });
    expect(await stripe.products.retrieve(product.id)).toEqual(product);

    const renamed = await stripe.products.update(product.id, { name: 'Storage add-on', metadata: { addon: 'storage' } });
    expect(renamed).toMatchObject({ name: 'Storage add-on', metadata: { addon: 'storage' } });
    await stripe.products.create({ name: 'Other' });
    const listed = await stripe.products.list({ ids: [product.id] });
    expect(listed.data.map((entry) => entry.id)).toEqual([product.id]);
    expect((await stripe.products.list({ limit: 100 })).data).toHaveLength(2);

    const events = await settledEvents();
    expect(events.map((event) => event.type)).toEqual(['product.created', 'product.updated', 'product.created']);
    expect(events[1].data.previous_attributes).toMatchObject({ name: 'Extra storage', metadata: {} });
  });

  it('refuses a taken id, an unknown id and unknown parameters as Stripe does', async () => {
    await stripe.products.create({ id: 'leopard-plan-gold', name: 'Gold' });
    expect(await failure(stripe.products.create({ id: 'leopard-plan-gold', name: 'Again' }))).toMatchObject({
      statusCode: 400,
      code: 'resource_already_exists',
      message: 'Product already exists.',
      param: 'id',
    });
    expect(await failure(stripe.products.retrieve('prod_nope'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such product: 'prod_nope'",
    });
    expect(await failure(stripe.products.create({ name: 'X', colour: 'red' } as Stripe.ProductCreateParams))).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'colour',
    });
    expect(await failure(stripe.products.create({} as Stripe.ProductCreateParams))).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'name',
    });
  });
});

describe('prices', () => {
  it('carry a lookup key, tax behaviour and metadata, found by lookup key with the product expanded', async () => {
    const { product, price } = await goldPlan();
    expect(price).toMatchObject({
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 150_000,
      lookup_key: 'plan:gold:monthly',
      tax_behavior: 'exclusive',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      product: product.id,
      metadata: { plan: 'gold', period: 'monthly' },
    });
    await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1_500_000,
      recurring: { interval: 'year' },
      lookup_key: 'plan:gold:yearly',
    });

    const found = await stripe.prices.list({ lookup_keys: ['plan:gold:monthly'], active: true, expand: ['data.product'] });
    expect(found.data).toHaveLength(1);
    expect(found.data[0].id).toBe(price.id);
    expect((found.data[0].product as Stripe.Product).name).toBe('Web app — Gold plan');
    expect(
      (await stripe.prices.list({ product: product.id, recurring: { interval: 'year' } })).data.map((entry) => entry.lookup_key),
    ).toEqual(['plan:gold:yearly']);
    expect((await stripe.prices.retrieve(price.id, { expand: ['product'] })).product).toMatchObject({ id: product.id });
  });

  it('refuse a lookup key another price holds, archived or not, unless it is transferred', async () => {
    const { product, price: old } = await goldPlan();
    const sameKey: Stripe.PriceCreateParams = {
      product: product.id,
      currency: 'usd',
      unit_amount: 160_000,
      recurring: { interval: 'month' },
      lookup_key: 'plan:gold:monthly',
    };
    const taken = await failure(stripe.prices.create(sameKey));
    expect(taken).toMatchObject({ statusCode: 400, param: 'lookup_key' });
    expect((taken as Stripe.errors.StripeError).message).toContain(`A price (\`${old.id}\`) already uses that lookup key.`);

    await stripe.prices.update(old.id, { active: false });
    expect(await failure(stripe.prices.create(sameKey))).toMatchObject({ statusCode: 400, param: 'lookup_key' });

    const moved = await stripe.prices.create({ ...sameKey, transfer_lookup_key: true });
    expect(moved.lookup_key).toBe('plan:gold:monthly');
    expect((await stripe.prices.retrieve(old.id)).lookup_key).toBeNull();
    const byKey = await stripe.prices.list({ lookup_keys: ['plan:gold:monthly'] });
    expect(byKey.data.map((entry) => [entry.id, entry.unit_amount])).toEqual([[moved.id, 160_000]]);
    expect((await stripe.prices.list({ product: product.id, active: true })).data.map((entry) => entry.id)).toEqual([moved.id]);

    const events = await settledEvents();
    expect(events.map((event) => event.type)).toEqual([
      'product.created',
      'price.created',
      'price.updated',
      'price.updated',
      'price.created',
    ]);
    expect(events[2].data.previous_attributes).toEqual({ active: true });
    expect(events[3].data.previous_attributes).toEqual({ lookup_key: 'plan:gold:monthly' });
  });

  it('never change their amount, and name unknown prices and products as Stripe does', async () => {
    const { price } = await goldPlan();
    expect(await failure(stripe.prices.update(price.id, { unit_amount: 1 } as Stripe.PriceUpdateParams))).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'unit_amount',
    });
    expect(await failure(stripe.prices.update(price.id, { tax_behavior: 'inclusive' }))).toMatchObject({
      statusCode: 400,
      param: 'tax_behavior',
    });
    expect(await failure(stripe.prices.retrieve('price_nope'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
    });
    expect(await failure(stripe.prices.create({ product: 'prod_nope', currency: 'usd', unit_amount: 100 }))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'product',
    });
    expect(
      await failure(stripe.prices.create({ product: 'leopard-plan-gold', unit_amount: 100 } as Stripe.PriceCreateParams)),
    ).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'currency',
    });
    expect(await failure(stripe.prices.list({ lookup_keys: Array.from({ length: 11 }, (_, i) => `k${i}`) }))).toMatchObject({
      statusCode: 400,
      param: 'lookup_keys',
    });
  });
});

describe('coupons and promotion codes', () => {
  it('make a percent coupon and a code for it, found by code in any case', async () => {
    const coupon = await stripe.coupons.create({ id: 'leopard-demo-10', percent_off: 10, duration: 'once', name: 'Demo 10 %' });
    expect(coupon).toMatchObject({
      id: 'leopard-demo-10',
      object: 'coupon',
      percent_off: 10,
      amount_off: null,
      duration: 'once',
      valid: true,
      times_redeemed: 0,
    });
    const code = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'LEOPARD10' });
    expect(code).toMatchObject({
      object: 'promotion_code',
      code: 'LEOPARD10',
      active: true,
      promotion: { type: 'coupon', coupon: 'leopard-demo-10' },
      restrictions: { first_time_transaction: false, minimum_amount: null },
      times_redeemed: 0,
    });
    const listed = await stripe.promotionCodes.list({ code: 'leopard10', active: true, expand: ['data.promotion.coupon'] });
    expect(listed.data.map((entry) => entry.id)).toEqual([code.id]);
    expect((listed.data[0].promotion.coupon as Stripe.Coupon).percent_off).toBe(10);

    const events = await settledEvents();
    expect(events.map((event) => event.type)).toEqual(['coupon.created', 'promotion_code.created']);
  });

  it('refuse a second active code with the same text, a missing coupon and bad coupon terms', async () => {
    await stripe.coupons.create({ id: 'ten', percent_off: 10 });
    await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'ten' }, code: 'SPRING' });
    expect(await failure(stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'ten' }, code: 'spring' }))).toMatchObject({
      statusCode: 400,
      param: 'code',
    });
    expect(await failure(stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'nope' }, code: 'X1' }))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such coupon: 'nope'",
      param: 'promotion[coupon]',
    });
    expect(await failure(stripe.coupons.create({ duration: 'once' }))).toMatchObject({ statusCode: 400, code: 'parameter_missing' });
    expect(await failure(stripe.coupons.create({ amount_off: 500 }))).toMatchObject({ statusCode: 400, param: 'currency' });
    expect(await failure(stripe.coupons.create({ percent_off: 10, duration: 'repeating' }))).toMatchObject({
      statusCode: 400,
      param: 'duration_in_months',
    });
    expect(await failure(stripe.coupons.create({ percent_off: 120 }))).toMatchObject({ statusCode: 400, param: 'percent_off' });
    expect(await failure(stripe.coupons.create({ id: 'ten', percent_off: 5 }))).toMatchObject({
      statusCode: 400,
      code: 'resource_already_exists',
    });
  });

  it('deactivate a code and delete a coupon with their events', async () => {
    await stripe.coupons.create({ id: 'five', amount_off: 500, currency: 'usd', duration: 'repeating', duration_in_months: 3 });
    const code = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'five' } });
    expect(code.code).toMatch(/^[A-Z0-9]{8}$/);
    expect((await stripe.promotionCodes.update(code.id, { active: false })).active).toBe(false);
    expect(await stripe.coupons.del('five')).toEqual({ id: 'five', object: 'coupon', deleted: true });
    expect(await failure(stripe.coupons.retrieve('five'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const events = await settledEvents();
    expect(events.map((event) => event.type)).toEqual([
      'coupon.created',
      'promotion_code.created',
      'promotion_code.updated',
      'coupon.deleted',
    ]);
  });
});

describe('billing portal configurations', () => {
  const features = (productId: string, prices: string[]): Stripe.BillingPortal.ConfigurationCreateParams.Features => ({
    payment_method_update: { enabled: true },
    invoice_history: { enabled: true },
    customer_update: { enabled: true, allowed_updates: ['email', 'address', 'tax_id'] },
    subscription_cancel: {
      enabled: true,
      mode: 'at_period_end',
      cancellation_reason: { enabled: true, options: ['too_expensive', 'missing_features', 'switched_service', 'other'] },
    },
    subscription_update: {
      enabled: true,
      default_allowed_updates: ['price'],
      proration_behavior: 'always_invoice',
      products: [{ product: productId, prices }],
    },
  });

  it('has the default one, makes ours, and portal sessions use the one they name', async () => {
    const defaults = await stripe.billingPortal.configurations.list({ is_default: true });
    expect(defaults.data).toHaveLength(1);
    expect(defaults.data[0]).toMatchObject({ is_default: true, active: true, features: { invoice_history: { enabled: true } } });

    const { product, price } = await goldPlan();
    const configuration = await stripe.billingPortal.configurations.create({
      features: features(product.id, [price.id]),
      metadata: { leopard: 'catalogue' },
      business_profile: { headline: 'Leopard' },
    });
    expect(configuration).toMatchObject({
      object: 'billing_portal.configuration',
      is_default: false,
      active: true,
      metadata: { leopard: 'catalogue' },
      features: {
        customer_update: { enabled: true, allowed_updates: ['email', 'address', 'tax_id'] },
        subscription_cancel: { enabled: true, mode: 'at_period_end', cancellation_reason: { enabled: true } },
        subscription_update: {
          enabled: true,
          proration_behavior: 'always_invoice',
          products: [{ product: product.id, prices: [price.id] }],
        },
      },
    });
    const all = await stripe.billingPortal.configurations.list({ active: true });
    expect(all.data.map((entry) => entry.id)).toEqual([configuration.id, defaults.data[0].id]);

    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      configuration: configuration.id,
      return_url: 'http://127.0.0.1:4173/',
    });
    expect(session.configuration).toBe(configuration.id);
    expect((await stripe.billingPortal.sessions.create({ customer: customer.id })).configuration).toBe(defaults.data[0].id);

    const updated = await stripe.billingPortal.configurations.update(configuration.id, {
      features: { subscription_update: { proration_behavior: 'create_prorations' } },
    });
    expect(updated.features.subscription_update).toMatchObject({
      proration_behavior: 'create_prorations',
      products: [{ product: product.id }],
    });
    await stripe.billingPortal.configurations.update(configuration.id, { active: false });
    expect(await failure(stripe.billingPortal.sessions.create({ customer: customer.id, configuration: configuration.id }))).toMatchObject({
      statusCode: 400,
      param: 'configuration',
    });

    const events = (await settledEvents()).filter((event) => event.type.startsWith('billing_portal.'));
    expect(events.map((event) => event.type)).toEqual([
      'billing_portal.configuration.created',
      'billing_portal.configuration.updated',
      'billing_portal.configuration.updated',
    ]);
  });

  it('refuses prices of another product, unknown prices and configurations, and deactivating the default', async () => {
    const { product } = await goldPlan();
    const other = await stripe.products.create({ name: 'Other' });
    const stranger = await stripe.prices.create({ product: other.id, currency: 'usd', unit_amount: 100, recurring: { interval: 'month' } });
    expect(await failure(stripe.billingPortal.configurations.create({ features: features(product.id, [stranger.id]) }))).toMatchObject({
      statusCode: 400,
      param: 'features[subscription_update][products][0][prices][0]',
    });
    expect(await failure(stripe.billingPortal.configurations.create({ features: features(product.id, ['price_nope']) }))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
    });
    const customer = await stripe.customers.create({});
    expect(await failure(stripe.billingPortal.sessions.create({ customer: customer.id, configuration: 'bpc_nope' }))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such configuration: 'bpc_nope'",
      param: 'configuration',
    });
    const [fallback] = (await stripe.billingPortal.configurations.list({ is_default: true })).data;
    expect(await failure(stripe.billingPortal.configurations.update(fallback.id, { active: false }))).toMatchObject({
      statusCode: 400,
      param: 'active',
    });
    expect(
      await failure(stripe.billingPortal.configurations.create({ features: { subscription_pause: { enabled: true } } })),
    ).toMatchObject({ statusCode: 400 });
  });
});

describe('tax rates', () => {
  it('are the tax table, readable by the ids invoices name', async () => {
    const rate = await stripe.taxRates.retrieve('txr_standin_us_ca');
    expect(rate).toMatchObject({
      object: 'tax_rate',
      percentage: 7.25,
      country: 'US',
      state: 'CA',
      inclusive: false,
      jurisdiction: 'California',
    });
    const rates = await stripe.taxRates.list({ limit: 100 });
    expect(rates.data.map((entry) => [entry.country, entry.state, entry.percentage])).toEqual([
      ['US', 'CA', 7.25],
      ['US', 'NY', 8.875],
      ['US', 'TX', 6.25],
      ['DE', null, 19],
      ['GB', null, 20],
    ]);
    expect(await failure(stripe.taxRates.retrieve('txr_nope'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});
