/**
 * What subscription changes, previews and the portal's plan switch read from the catalogue the
 * stand-in keeps (Prices, Products, billing portal configurations made through the API).
 */
import type Stripe from 'stripe';
import type { StandIn } from '../core/context';

/** A Price created through `/v1/prices` (null: none with that id). */
export function findPrice(standIn: StandIn, id: string): Stripe.Price | null {
  return standIn.store.prices.get(id)?.price ?? null;
}

/** The name a product's invoice lines show. */
export function productNameOf(standIn: StandIn, productId: string): string {
  return standIn.store.products.get(productId)?.name ?? 'Subscription';
}

/** A billing portal configuration (null: none with that id, e.g. the account's default one). */
export function findPortalConfiguration(standIn: StandIn, id: string): Stripe.BillingPortal.Configuration | null {
  return standIn.store.portalConfigurations.get(id)?.configuration ?? null;
}
