/** The billing portal configuration `npm run stripe:sync` keeps (metadata[leopard]=catalogue): the
 *  portal sessions are opened with it, so the portal offers the catalogue's plan switch, invoices
 *  and cancellation with reasons, whatever the account's default configuration says
 *  (docs/decisions/0113-catalogue-as-stripe-prices.md). Listed once per instance and kept. */
import { logger } from 'firebase-functions';
import type Stripe from 'stripe';
import { PORTAL_CONFIGURATION_METADATA } from '../../../src/catalog/stripe-prices';

const cache = new WeakMap<Stripe, Promise<string | null>>();

async function find(stripe: Stripe): Promise<string | null> {
  for await (const configuration of stripe.billingPortal.configurations.list({ active: true, limit: 100 })) {
    if (configuration.metadata?.leopard === PORTAL_CONFIGURATION_METADATA.leopard) return configuration.id;
  }
  logger.error('No billing portal configuration of the catalogue: run npm run stripe:sync');
  return null;
}

/** The configuration's id, or null when there is none (the portal then opens with the account's
 *  default, and the error is logged). A failed look-up is not kept, so the next request asks again. */
export function catalogueConfiguration(stripe: Stripe): Promise<string | null> {
  let found = cache.get(stripe);
  if (found === undefined) {
    found = find(stripe).then((id) => {
      if (id === null) cache.delete(stripe);
      return id;
    });
    found.catch(() => cache.delete(stripe));
    cache.set(stripe, found);
  }
  return found;
}

/** A portal session with the catalogue's configuration. A kept id that Stripe no longer knows (the
 *  configuration was made again) is looked up afresh, once. */
export async function createPortalSession(
  stripe: Stripe,
  params: Omit<Stripe.BillingPortal.SessionCreateParams, 'configuration'>,
): Promise<Stripe.BillingPortal.Session> {
  const configuration = await catalogueConfiguration(stripe);
  try {
    return await stripe.billingPortal.sessions.create({ ...params, ...(configuration ? { configuration } : {}) });
  } catch (error) {
    const stale = configuration !== null && (error as { param?: string }).param === 'configuration';
    if (!stale) throw error;
    cache.delete(stripe);
    const fresh = await catalogueConfiguration(stripe);
    return stripe.billingPortal.sessions.create({ ...params, ...(fresh ? { configuration: fresh } : {}) });
  }
}
