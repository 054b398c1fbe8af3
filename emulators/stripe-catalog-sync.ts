/** Makes Stripe hold the catalogue of src/catalog/stripe-prices.ts: its Products, its Prices (found
 *  by lookup key) and the one billing portal configuration marked metadata[leopard]=catalogue
 *  (docs/decisions/0113-catalogue-as-stripe-prices.md). Idempotent: what already agrees is left
 *  alone, so a second run makes no object and sends no event. A Price's amount, currency or
 *  interval never changes in Stripe, so a changed amount is a new Price that takes the lookup key
 *  (`transfer_lookup_key`) while the old one is archived; subscriptions on the old Price keep it.
 *  Used by scripts/stripe-sync.ts (`npm run stripe:sync`, production's included) and by
 *  emulators/stack.ts at every start of the local stack; it sits here, below both, because the stack
 *  imports nothing of scripts/ (docs/decisions/0126-local-services-as-packages.md#addendum-2026-11-29-no-import-leaves-a-package). */
import Stripe from 'stripe';
import {
  CATALOGUE_PRICES,
  CATALOGUE_PRODUCTS,
  DEMO_COUPON,
  DEMO_PROMOTION_CODE,
  PORTAL_CONFIGURATION_METADATA,
  PRICED_PLAN_IDS,
  STRIPE_API_VERSION,
  planLookupKey,
  planProductId,
  type CataloguePrice,
  type CatalogueProduct,
} from '../src/catalog/stripe-prices';

/** A client of `baseUrl` (the local stand-in) or, without one, of api.stripe.com. Made here rather
 *  than with the functions' stripe-client.ts: the local stack and Playwright load this file as an
 *  ES module, and the functions' workspace is CommonJS. */
export function catalogueStripeClient(secretKey: string, baseUrl?: string): Stripe {
  if (!baseUrl) return new Stripe(secretKey, { apiVersion: STRIPE_API_VERSION });
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: Number(url.port) || (protocol === 'https' ? 443 : 80),
    protocol,
  });
}

export interface CatalogueSyncOptions {
  /** Also the demo coupon and its promotion code (the local stack only). */
  seedDemo?: boolean;
  /** Stands in for the catalogue in tests (a changed amount). */
  prices?: readonly CataloguePrice[];
  log?: (line: string) => void;
  /** Requests at a time (default 4). */
  concurrency?: number;
}

export interface CatalogueSyncReport {
  productsCreated: string[];
  productsUpdated: string[];
  pricesCreated: string[];
  pricesUpdated: string[];
  pricesArchived: string[];
  portalConfiguration: { id: string; change: 'created' | 'updated' | 'unchanged' };
  demo: { coupon: 'created' | 'unchanged'; promotionCode: 'created' | 'unchanged' } | null;
}

/** What the portal allows: the card, invoices, the billing details, a cancellation at the period's
 *  end with a reason, and a switch between the catalogue's plan Prices billed as one invoice at
 *  once (docs/decisions/0114-plan-changes-and-proration.md). */
export function portalFeatures(planPrices: ReadonlyMap<string, string>): Stripe.BillingPortal.ConfigurationCreateParams.Features {
  return {
    payment_method_update: { enabled: true },
    invoice_history: { enabled: true },
    customer_update: { enabled: true, allowed_updates: ['email', 'address', 'tax_id'] },
    subscription_cancel: {
      enabled: true,
      mode: 'at_period_end',
      cancellation_reason: {
        enabled: true,
        options: ['too_expensive', 'missing_features', 'switched_service', 'unused', 'customer_service', 'other'],
      },
    },
    subscription_update: {
      enabled: true,
      default_allowed_updates: ['price'],
      proration_behavior: 'always_invoice',
      products: PRICED_PLAN_IDS.map((plan) => ({
        product: planProductId(plan),
        prices: (['monthly', 'yearly'] as const).map((period) => {
          const id = planPrices.get(planLookupKey(plan, period));
          if (id === undefined) throw new Error(`No Stripe price holds ${planLookupKey(plan, period)}`);
          return id;
        }),
      })),
    },
  };
}

const sorted = (values: readonly string[] | null | undefined) => [...(values ?? [])].sort();

/** The parts of a configuration the sync decides, read the same way from what it would send and
 *  from what Stripe answers, so equal settings compare equal whatever the order of lists. */
function comparable(features: Stripe.BillingPortal.ConfigurationCreateParams.Features | Stripe.BillingPortal.Configuration.Features) {
  const cancel = features.subscription_cancel;
  const update = features.subscription_update;
  const products = Array.isArray(update?.products) ? update.products : [];
  return JSON.stringify({
    payment: features.payment_method_update?.enabled ?? false,
    invoices: features.invoice_history?.enabled ?? false,
    customer: [features.customer_update?.enabled ?? false, sorted(features.customer_update?.allowed_updates || [])],
    cancel: [
      cancel?.enabled ?? false,
      cancel?.mode ?? null,
      cancel?.cancellation_reason?.enabled ?? false,
      sorted(cancel?.cancellation_reason?.options || []),
    ],
    update: [
      update?.enabled ?? false,
      sorted(update?.default_allowed_updates || []),
      update?.proration_behavior ?? null,
      products.map((entry) => [entry.product, sorted(entry.prices)]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ],
  });
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

type Change = 'created' | 'updated' | 'unchanged';

/** `work` over `items`, at most `limit` at a time, answers in the items' order: Stripe's test mode
 *  allows 25 requests a second, and the catalogue is some 70 of them. */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function syncProduct(stripe: Stripe, product: CatalogueProduct): Promise<Change> {
  let existing: Stripe.Product | null = null;
  try {
    existing = await stripe.products.retrieve(product.id);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  if (existing === null) {
    await stripe.products.create({ id: product.id, name: product.name, metadata: product.metadata });
    return 'created';
  }
  const metadataAgrees = Object.entries(product.metadata).every(([key, value]) => existing.metadata?.[key] === value);
  if (existing.name === product.name && existing.active && metadataAgrees) return 'unchanged';
  await stripe.products.update(product.id, { name: product.name, active: true, metadata: product.metadata });
  return 'updated';
}

/** Whether a Stripe Price bills what the catalogue says (the parts Stripe never lets change). */
function billsAsCatalogue(price: Stripe.Price, wanted: CataloguePrice): boolean {
  const product = typeof price.product === 'string' ? price.product : price.product.id;
  return (
    price.unit_amount === wanted.unitAmount &&
    price.currency === wanted.currency &&
    price.type === 'recurring' &&
    price.recurring?.interval === wanted.interval &&
    (price.recurring?.interval_count ?? 1) === 1 &&
    product === wanted.product &&
    price.tax_behavior === 'exclusive'
  );
}

/** The Prices holding these lookup keys (active or archived), by key. */
async function pricesByLookupKey(stripe: Stripe, keys: readonly string[]): Promise<Map<string, Stripe.Price>> {
  const found = new Map<string, Stripe.Price>();
  // Stripe takes up to 10 lookup keys per list call.
  for (let start = 0; start < keys.length; start += 10) {
    const chunk = keys.slice(start, start + 10);
    const page = await stripe.prices.list({ lookup_keys: chunk, limit: 100 });
    for (const price of page.data) if (price.lookup_key) found.set(price.lookup_key, price);
  }
  return found;
}

interface PriceSync {
  price: Stripe.Price;
  change: Change;
  archived: string | null;
}

async function syncPrice(stripe: Stripe, wanted: CataloguePrice, holder: Stripe.Price | undefined): Promise<PriceSync> {
  if (holder && billsAsCatalogue(holder, wanted)) {
    const metadataAgrees = Object.entries(wanted.metadata).every(([key, value]) => holder.metadata?.[key] === value);
    if (holder.active && holder.nickname === wanted.nickname && metadataAgrees)
      return { price: holder, change: 'unchanged', archived: null };
    const price = await stripe.prices.update(holder.id, { active: true, nickname: wanted.nickname, metadata: wanted.metadata });
    return { price, change: 'updated', archived: null };
  }
  const created = await stripe.prices.create({
    product: wanted.product,
    currency: wanted.currency,
    unit_amount: wanted.unitAmount,
    recurring: { interval: wanted.interval },
    tax_behavior: 'exclusive',
    lookup_key: wanted.lookupKey,
    // The key moves from the Price that bills another amount, in the same call.
    transfer_lookup_key: true,
    nickname: wanted.nickname,
    metadata: wanted.metadata,
  });
  if (holder && holder.active) {
    // Archived, not deleted: subscriptions billed with it go on being billed with it.
    await stripe.prices.update(holder.id, { active: false });
    return { price: created, change: 'created', archived: holder.id };
  }
  return { price: created, change: 'created', archived: null };
}

async function syncPortalConfiguration(
  stripe: Stripe,
  planPrices: ReadonlyMap<string, string>,
): Promise<CatalogueSyncReport['portalConfiguration']> {
  const features = portalFeatures(planPrices);
  let existing: Stripe.BillingPortal.Configuration | null = null;
  for await (const configuration of stripe.billingPortal.configurations.list({ limit: 100 })) {
    if (configuration.metadata?.leopard === PORTAL_CONFIGURATION_METADATA.leopard) {
      existing = configuration;
      break;
    }
  }
  if (existing === null) {
    const created = await stripe.billingPortal.configurations.create({
      name: 'Leopard catalogue',
      features,
      metadata: { ...PORTAL_CONFIGURATION_METADATA },
    });
    return { id: created.id, change: 'created' };
  }
  if (existing.active && comparable(existing.features) === comparable(features)) return { id: existing.id, change: 'unchanged' };
  await stripe.billingPortal.configurations.update(existing.id, { active: true, features });
  return { id: existing.id, change: 'updated' };
}

async function seedDemoPromotion(stripe: Stripe): Promise<NonNullable<CatalogueSyncReport['demo']>> {
  let coupon: 'created' | 'unchanged' = 'unchanged';
  try {
    await stripe.coupons.retrieve(DEMO_COUPON.id);
  } catch (error) {
    if (!isMissing(error)) throw error;
    await stripe.coupons.create({
      id: DEMO_COUPON.id,
      percent_off: DEMO_COUPON.percentOff,
      duration: DEMO_COUPON.duration,
      name: DEMO_COUPON.name,
    });
    coupon = 'created';
  }
  const codes = await stripe.promotionCodes.list({ code: DEMO_PROMOTION_CODE, limit: 1 });
  if (codes.data.length > 0) return { coupon, promotionCode: 'unchanged' };
  await stripe.promotionCodes.create({ code: DEMO_PROMOTION_CODE, promotion: { type: 'coupon', coupon: DEMO_COUPON.id } });
  return { coupon, promotionCode: 'created' };
}

export async function syncStripeCatalog(stripe: Stripe, options: CatalogueSyncOptions = {}): Promise<CatalogueSyncReport> {
  const log = options.log ?? (() => {});
  const report: CatalogueSyncReport = {
    productsCreated: [],
    productsUpdated: [],
    pricesCreated: [],
    pricesUpdated: [],
    pricesArchived: [],
    portalConfiguration: { id: '', change: 'unchanged' },
    demo: null,
  };
  const concurrency = options.concurrency ?? 4;
  const products = await inPool(CATALOGUE_PRODUCTS, concurrency, (product) => syncProduct(stripe, product));
  CATALOGUE_PRODUCTS.forEach((product, index) => {
    if (products[index] === 'created') report.productsCreated.push(product.id);
    if (products[index] === 'updated') report.productsUpdated.push(product.id);
  });

  const prices = options.prices ?? CATALOGUE_PRICES;
  const holders = await pricesByLookupKey(
    stripe,
    prices.map((price) => price.lookupKey),
  );
  const synced = await inPool(prices, concurrency, (wanted) => syncPrice(stripe, wanted, holders.get(wanted.lookupKey)));
  const ids = new Map<string, string>();
  prices.forEach((wanted, index) => {
    const { price, change, archived } = synced[index]!;
    ids.set(wanted.lookupKey, price.id);
    if (change === 'created') report.pricesCreated.push(wanted.lookupKey);
    if (change === 'updated') report.pricesUpdated.push(wanted.lookupKey);
    if (archived !== null) report.pricesArchived.push(archived);
  });
  report.portalConfiguration = await syncPortalConfiguration(stripe, ids);
  if (options.seedDemo) report.demo = await seedDemoPromotion(stripe);

  log(
    `Stripe catalogue: products ${report.productsCreated.length} created, ${report.productsUpdated.length} updated; ` +
      `prices ${report.pricesCreated.length} created, ${report.pricesUpdated.length} updated, ${report.pricesArchived.length} archived; ` +
      `portal configuration ${report.portalConfiguration.id} ${report.portalConfiguration.change}` +
      (report.demo ? `; demo code ${DEMO_PROMOTION_CODE} ${report.demo.promotionCode}` : ''),
  );
  return report;
}
