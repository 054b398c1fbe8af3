// The catalogue sync against the Stripe stand-in with the real `stripe` SDK: what it makes, that a
// second run makes nothing and sends no event, how a changed amount moves the lookup key, and the
// portal configuration it keeps.
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { start, type RunningStripe } from '@leopard/stripe-stand-in';
import {
  CATALOGUE_PRICES,
  CATALOGUE_PRODUCTS,
  DEMO_PROMOTION_CODE,
  PRICED_PLAN_IDS,
  STRIPE_API_VERSION,
  planLookupKey,
  planProductId,
} from '../src/catalog/stripe-prices';
import { catalogueStripeClient, syncStripeCatalog } from '../emulators/stripe-catalog-sync';
import { parseSyncArgs } from './stripe-sync';

const KEY = 'sk_test_catalogue_sync';
let standIn: RunningStripe;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await start({ port: 0, quiet: true, secretKey: KEY });
  stripe = catalogueStripeClient(KEY, standIn.url);
});
afterAll(() => standIn.stop());
beforeEach(() => standIn.reset());

async function priceByKey(key: string): Promise<Stripe.Price | undefined> {
  return (await stripe.prices.list({ lookup_keys: [key] })).data[0];
}

describe('syncStripeCatalog', () => {
  it('speaks the pinned Stripe API version, with the stand-in and with api.stripe.com', () => {
    expect(stripe.getApiField('version')).toBe(STRIPE_API_VERSION);
    expect(catalogueStripeClient(KEY).getApiField('version')).toBe(STRIPE_API_VERSION);
  });

  it('makes every product, every price with its lookup key and the portal configuration; a second run changes nothing', async () => {
    const first = await syncStripeCatalog(stripe, { seedDemo: true });
    expect(first.productsCreated).toEqual(CATALOGUE_PRODUCTS.map((product) => product.id));
    expect(first.pricesCreated).toEqual(CATALOGUE_PRICES.map((price) => price.lookupKey));
    expect(first.portalConfiguration.change).toBe('created');
    expect(first.demo).toEqual({ coupon: 'created', promotionCode: 'created' });

    const gold = await priceByKey(planLookupKey('gold', 'monthly'));
    expect(gold).toMatchObject({
      active: true,
      product: 'leopard-plan-gold',
      unit_amount: 15_000_00,
      currency: 'usd',
      recurring: expect.objectContaining({ interval: 'month' }),
      tax_behavior: 'exclusive',
      metadata: { plan: 'gold', period: 'monthly' },
    });

    const eventsBefore = standIn.events().length;
    const second = await syncStripeCatalog(stripe, { seedDemo: true });
    expect(second).toEqual({
      productsCreated: [],
      productsUpdated: [],
      pricesCreated: [],
      pricesUpdated: [],
      pricesArchived: [],
      portalConfiguration: { id: first.portalConfiguration.id, change: 'unchanged' },
      demo: { coupon: 'unchanged', promotionCode: 'unchanged' },
    });
    expect(standIn.events()).toHaveLength(eventsBefore);
    expect((await stripe.prices.list({ limit: 100 })).data).toHaveLength(CATALOGUE_PRICES.length);
  });

  it('moves the lookup key to a new price when an amount changes, and archives the old one', async () => {
    await syncStripeCatalog(stripe);
    const key = planLookupKey('gold', 'monthly');
    const old = (await priceByKey(key))!;
    const raised = CATALOGUE_PRICES.map((price) => (price.lookupKey === key ? { ...price, unitAmount: price.unitAmount + 100_00 } : price));

    const report = await syncStripeCatalog(stripe, { prices: raised });
    expect(report).toMatchObject({ pricesCreated: [key], pricesArchived: [old.id], productsCreated: [], productsUpdated: [] });
    const now = (await priceByKey(key))!;
    expect(now.id).not.toBe(old.id);
    expect(now).toMatchObject({ unit_amount: 15_100_00, active: true, lookup_key: key });
    expect(await stripe.prices.retrieve(old.id)).toMatchObject({ active: false, lookup_key: null });
    // The portal switches to the new price too.
    expect(report.portalConfiguration.change).toBe('updated');
    const configuration = await stripe.billingPortal.configurations.retrieve(report.portalConfiguration.id);
    const gold = (configuration.features.subscription_update.products ?? []).find((entry) => entry.product === planProductId('gold'));
    expect(gold?.prices).toContain(now.id);
    expect(gold?.prices).not.toContain(old.id);

    // And back: the catalogue's amount is a new price again, never the archived one changed.
    const back = await syncStripeCatalog(stripe);
    expect(back.pricesCreated).toEqual([key]);
    expect(back.pricesArchived).toEqual([now.id]);
  });

  it('keeps one portal configuration with the catalogue: each plan with its two prices, proration invoiced at once', async () => {
    const report = await syncStripeCatalog(stripe);
    const configuration = await stripe.billingPortal.configurations.retrieve(report.portalConfiguration.id);
    expect(configuration.metadata).toEqual({ leopard: 'catalogue' });
    expect(configuration.features).toMatchObject({
      payment_method_update: { enabled: true },
      invoice_history: { enabled: true },
      customer_update: { enabled: true, allowed_updates: expect.arrayContaining(['email', 'address', 'tax_id']) },
      subscription_cancel: { enabled: true, mode: 'at_period_end', cancellation_reason: expect.objectContaining({ enabled: true }) },
      subscription_update: { enabled: true, default_allowed_updates: ['price'], proration_behavior: 'always_invoice' },
    });
    const expected = await Promise.all(
      PRICED_PLAN_IDS.map(async (plan) => ({
        product: planProductId(plan),
        prices: [(await priceByKey(planLookupKey(plan, 'monthly')))!.id, (await priceByKey(planLookupKey(plan, 'yearly')))!.id],
      })),
    );
    expect(configuration.features.subscription_update.products?.map(({ product, prices }) => ({ product, prices }))).toEqual(expected);
    const leopard = (await stripe.billingPortal.configurations.list({ limit: 100 })).data.filter(
      (entry) => entry.metadata?.leopard === 'catalogue',
    );
    expect(leopard).toHaveLength(1);
  });

  it('seeds the demo promotion code only when asked', async () => {
    await syncStripeCatalog(stripe);
    expect((await stripe.promotionCodes.list({ code: DEMO_PROMOTION_CODE })).data).toEqual([]);
    await syncStripeCatalog(stripe, { seedDemo: true });
    const [code] = (await stripe.promotionCodes.list({ code: DEMO_PROMOTION_CODE })).data;
    expect(code).toMatchObject({ code: DEMO_PROMOTION_CODE, active: true });
    expect(await stripe.coupons.retrieve('leopard-demo-10')).toMatchObject({ percent_off: 10, duration: 'once' });
  });
});

describe('npm run stripe:sync arguments', () => {
  it('talks to the local stand-in without a key, or with --port-offset', () => {
    expect(parseSyncArgs([], {})).toMatchObject({ kind: 'local', baseUrl: 'http://127.0.0.1:12111', seedDemo: false });
    expect(parseSyncArgs(['--seed-demo', '--port-offset', '100'], { STRIPE_SECRET_KEY: 'sk_test_x' })).toMatchObject({
      kind: 'local',
      baseUrl: 'http://127.0.0.1:12211',
      seedDemo: true,
    });
  });

  it('talks to Stripe with STRIPE_SECRET_KEY, and refuses a live key without --live', () => {
    expect(parseSyncArgs([], { STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc',
      baseUrl: undefined,
      seedDemo: false,
    });
    expect(() => parseSyncArgs([], { STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(/live key: add --live/);
    expect(() => parseSyncArgs([], { STRIPE_SECRET_KEY: 'rk_live_abc' })).toThrow(/live key/);
    expect(parseSyncArgs(['--live'], { STRIPE_SECRET_KEY: 'sk_live_abc' })).toMatchObject({ kind: 'stripe', secretKey: 'sk_live_abc' });
    expect(() => parseSyncArgs(['--live'], {})).toThrow(/--live needs STRIPE_SECRET_KEY/);
    expect(() => parseSyncArgs(['--nope'], {})).toThrow(/Unknown argument/);
  });

  it('refuses --seed-demo with --live: the demo code, written in this repository, never reaches a live account', () => {
    for (const argv of [
      ['--live', '--seed-demo'],
      ['--seed-demo', '--live'],
    ]) {
      expect(() => parseSyncArgs(argv, { STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(
        /--seed-demo is for the local stand-in and test accounts, never with --live/,
      );
    }
    expect(parseSyncArgs(['--seed-demo'], { STRIPE_SECRET_KEY: 'sk_test_abc' })).toMatchObject({ kind: 'stripe', seedDemo: true });
    expect(parseSyncArgs(['--live'], { STRIPE_SECRET_KEY: 'sk_live_abc' })).toMatchObject({ kind: 'stripe', seedDemo: false });
  });
});
