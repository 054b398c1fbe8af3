/** The catalogue's Prices as Stripe has them, found by lookup key, and checked against the
 *  catalogue before anything is billed with them: the amount is decided by src/catalog, never by
 *  what Stripe (or a Dashboard edit) holds (docs/decisions/0113-catalogue-as-stripe-prices.md). */
import { logger } from 'firebase-functions';
import type Stripe from 'stripe';
import type { PlanConfiguration } from '../../../src/catalog/pricing';
import { configurationPrices, type CataloguePrice } from '../../../src/catalog/stripe-prices';

export type CataloguePricesResult =
  { ok: true; prices: { catalogue: CataloguePrice; stripe: Stripe.Price }[] } | { ok: false; lookupKey: string; reason: string };

/** What the browser is told when Stripe's Prices disagree with the catalogue (answered 503: it is
 *  ours to fix, by running the sync). */
export const CATALOGUE_MISMATCH_MESSAGE = 'This plan cannot be billed right now. Please try again later or contact us.';

/** Whether Stripe's Price bills exactly what the catalogue says; the reason when not. */
export function priceProblem(price: Stripe.Price | undefined, wanted: CataloguePrice): string | null {
  if (price === undefined) return 'no active price holds the lookup key';
  if (price.unit_amount !== wanted.unitAmount)
    return `unit_amount ${String(price.unit_amount)} is not the catalogue's ${wanted.unitAmount}`;
  if (price.currency !== wanted.currency) return `currency ${price.currency} is not ${wanted.currency}`;
  if (price.recurring?.interval !== wanted.interval || (price.recurring?.interval_count ?? 1) !== 1) {
    return `it is not billed every ${wanted.interval}`;
  }
  return null;
}

/** The active Prices that bill `configuration` (the plan's first), each checked. */
export async function findCataloguePrices(stripe: Stripe, configuration: PlanConfiguration): Promise<CataloguePricesResult> {
  const wanted = configurationPrices(configuration);
  const page = await stripe.prices.list({ lookup_keys: wanted.map((price) => price.lookupKey), active: true, limit: 10 });
  const byKey = new Map(page.data.filter((price) => price.lookup_key !== null).map((price) => [price.lookup_key!, price]));
  const prices: { catalogue: CataloguePrice; stripe: Stripe.Price }[] = [];
  for (const catalogue of wanted) {
    const price = byKey.get(catalogue.lookupKey);
    const problem = priceProblem(price, catalogue);
    if (problem !== null || price === undefined) {
      logger.error('Stripe price disagrees with the catalogue: run npm run stripe:sync', { lookupKey: catalogue.lookupKey, problem });
      return { ok: false, lookupKey: catalogue.lookupKey, reason: problem ?? 'missing' };
    }
    prices.push({ catalogue, stripe: price });
  }
  return { ok: true, prices };
}
