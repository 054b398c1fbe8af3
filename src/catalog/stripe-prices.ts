/** The catalogue as Stripe objects (docs/decisions/0113-catalogue-as-stripe-prices.md): one Product
 *  per priced plan and per add-on, one recurring Price per plan × billing period and per add-on ×
 *  plan × period, each found by its lookup key. Pure data: `npm run stripe:sync` makes Stripe agree
 *  with it, stripeCheckout and manageSubscription find Prices by these keys, and the webhook reads
 *  an order's plan back from a Price's metadata. Amounts come from pricing.ts, in integer cents. */
import { MARKETING_ADD_ON_CENTS, SECURITY_ADD_ON_CENTS, ADD_ON_LABELS } from './add-ons';
import { BRAND } from '../config/brand';
import { PLAN_DETAILS, PLAN_IDS, PLAN_NAMES, PLAN_PRICES, isPlanId, isPricedPlan, type PricedPlanId } from './plans';
import { BILLING_PERIODS, isBillingPeriod, type BillingPeriod, type PlanConfiguration } from './pricing';

export const ADD_ON_IDS = ['storage', 'security', 'marketing'] as const;
export type AddOnId = (typeof ADD_ON_IDS)[number];

export function isAddOnId(value: unknown): value is AddOnId {
  return typeof value === 'string' && (ADD_ON_IDS as readonly string[]).includes(value);
}

/** The plans sold online, in the store's order. */
export const PRICED_PLAN_IDS: readonly PricedPlanId[] = PLAN_IDS.filter((plan): plan is PricedPlanId => isPricedPlan(plan));

export const STRIPE_CURRENCY = 'usd';

/** The Stripe API version every client of ours sends (Stripe-Version), pinned in code so neither a
 *  new stripe package nor the account's default changes the shape of what Stripe returns; the
 *  clients pass it as the SDK's `LatestApiVersion`, so an upgraded package that is typed for
 *  another version fails the type check until this is moved with it
 *  (docs/decisions/0136-pinned-functions-and-limits.md). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export const planProductId = (plan: PricedPlanId) => `leopard-plan-${plan}`;
export const addOnProductId = (addOn: AddOnId) => `leopard-addon-${addOn}`;

export const planLookupKey = (plan: PricedPlanId, period: BillingPeriod) => `plan:${plan}:${period}`;
export const addOnLookupKey = (addOn: AddOnId, plan: PricedPlanId, period: BillingPeriod) => `addon:${addOn}:${plan}:${period}`;

export const STRIPE_INTERVALS: Readonly<Record<BillingPeriod, 'month' | 'year'>> = { monthly: 'month', yearly: 'year' };

/** The billing portal configuration the sync keeps, found again by this metadata. */
export const PORTAL_CONFIGURATION_METADATA = { leopard: 'catalogue' } as const;

/** The demo promotion code `npm start` seeds (never in production: only with --seed-demo). */
export const DEMO_COUPON = { id: 'leopard-demo-10', percentOff: 10, duration: 'once', name: 'Demo: 10 % off the first payment' } as const;
export const DEMO_PROMOTION_CODE = 'LEOPARD10';

export interface CatalogueProduct {
  id: string;
  name: string;
  metadata: Record<string, string>;
}

/** What a Price's metadata says it is: a plan, or an add-on of a plan. */
export type PriceIdentity =
  | { kind: 'plan'; plan: PricedPlanId; period: BillingPeriod }
  | { kind: 'addon'; addOn: AddOnId; plan: PricedPlanId; period: BillingPeriod };

export interface CataloguePrice {
  lookupKey: string;
  product: string;
  unitAmount: number;
  currency: typeof STRIPE_CURRENCY;
  interval: 'month' | 'year';
  nickname: string;
  metadata: Record<string, string>;
  identity: PriceIdentity;
}

/** The cents one add-on adds to a plan's charge, monthly and yearly alike (each add-on counts once:
 *  docs/product.md#add-ons-and-trade-in). Null when the plan offers no such add-on. */
export function addOnUnitCents(addOn: AddOnId, plan: PricedPlanId): number | null {
  switch (addOn) {
    case 'storage':
      return PLAN_DETAILS[plan].figures?.storageAddOn.priceCents ?? null;
    case 'security':
      return SECURITY_ADD_ON_CENTS;
    case 'marketing':
      return MARKETING_ADD_ON_CENTS;
  }
}

export function planUnitCents(plan: PricedPlanId, period: BillingPeriod): number {
  const price = PLAN_PRICES[plan];
  if (!price) throw new Error(`The ${plan} plan has no online price`);
  return period === 'monthly' ? price.monthlyCents : price.yearlyCents;
}

export const CATALOGUE_PRODUCTS: readonly CatalogueProduct[] = [
  ...PRICED_PLAN_IDS.map((plan) => ({ id: planProductId(plan), name: `${BRAND.name} ${PLAN_NAMES[plan]} plan`, metadata: { plan } })),
  ...ADD_ON_IDS.map((addOn) => ({ id: addOnProductId(addOn), name: `${BRAND.name} ${ADD_ON_LABELS[addOn]}`, metadata: { addon: addOn } })),
];

function planPrice(plan: PricedPlanId, period: BillingPeriod): CataloguePrice {
  return {
    lookupKey: planLookupKey(plan, period),
    product: planProductId(plan),
    unitAmount: planUnitCents(plan, period),
    currency: STRIPE_CURRENCY,
    interval: STRIPE_INTERVALS[period],
    nickname: `${PLAN_NAMES[plan]}, ${period}`,
    metadata: { plan, period },
    identity: { kind: 'plan', plan, period },
  };
}

function addOnPrice(addOn: AddOnId, plan: PricedPlanId, period: BillingPeriod): CataloguePrice | null {
  const cents = addOnUnitCents(addOn, plan);
  if (cents === null) return null;
  return {
    lookupKey: addOnLookupKey(addOn, plan, period),
    product: addOnProductId(addOn),
    unitAmount: cents,
    currency: STRIPE_CURRENCY,
    interval: STRIPE_INTERVALS[period],
    nickname: `${ADD_ON_LABELS[addOn]} with ${PLAN_NAMES[plan]}, ${period}`,
    metadata: { addon: addOn, plan, period },
    identity: { kind: 'addon', addOn, plan, period },
  };
}

/** Every Price the catalogue needs to exist, plans first. */
export const CATALOGUE_PRICES: readonly CataloguePrice[] = [
  ...PRICED_PLAN_IDS.flatMap((plan) => BILLING_PERIODS.map((period) => planPrice(plan, period))),
  ...ADD_ON_IDS.flatMap((addOn) =>
    PRICED_PLAN_IDS.flatMap((plan) => BILLING_PERIODS.map((period) => addOnPrice(addOn, plan, period))),
  ).filter((price): price is CataloguePrice => price !== null),
];

const PRICES_BY_KEY = new Map(CATALOGUE_PRICES.map((price) => [price.lookupKey, price]));

export function cataloguePrice(lookupKey: string): CataloguePrice | null {
  return PRICES_BY_KEY.get(lookupKey) ?? null;
}

/** The Prices a configuration is billed with: the plan's, then each chosen add-on's. Their amounts
 *  add up to priceConfiguration(configuration).amountDueCents. */
export function configurationPrices(configuration: PlanConfiguration): CataloguePrice[] {
  const { plan, period } = configuration;
  const keys = [
    planLookupKey(plan, period),
    ...ADD_ON_IDS.filter((addOn) => configuration[addOn]).map((addOn) => addOnLookupKey(addOn, plan, period)),
  ];
  return keys.map((key) => {
    const price = cataloguePrice(key);
    if (!price) throw new Error(`The catalogue has no price ${key}`);
    return price;
  });
}

/** What a Price's metadata says it is, or null for a Price that is not the catalogue's (an order
 *  bought before the catalogue was in Stripe was billed with a one-off price_data). */
export function priceIdentity(metadata: Readonly<Record<string, string>> | null | undefined): PriceIdentity | null {
  if (!metadata) return null;
  const { plan, period, addon } = metadata;
  if (!isPlanId(plan) || !isPricedPlan(plan) || !isBillingPeriod(period)) return null;
  if (addon === undefined) return { kind: 'plan', plan, period };
  return isAddOnId(addon) ? { kind: 'addon', addOn: addon, plan, period } : null;
}

/** The configuration a set of Prices bills, or null when they are not exactly one catalogue plan
 *  with add-ons of that plan and period. */
export function configurationOf(identities: readonly (PriceIdentity | null)[]): PlanConfiguration | null {
  const plans = identities.filter((identity) => identity?.kind === 'plan');
  if (plans.length !== 1 || identities.some((identity) => identity === null)) return null;
  const { plan, period } = plans[0]!;
  const configuration: PlanConfiguration = { plan, period, storage: false, security: false, marketing: false };
  for (const identity of identities) {
    if (identity?.kind !== 'addon') continue;
    if (identity.plan !== plan || identity.period !== period || configuration[identity.addOn]) return null;
    configuration[identity.addOn] = true;
  }
  return configuration;
}

export function sameConfiguration(a: PlanConfiguration, b: PlanConfiguration): boolean {
  return a.plan === b.plan && a.period === b.period && ADD_ON_IDS.every((addOn) => a[addOn] === b[addOn]);
}
