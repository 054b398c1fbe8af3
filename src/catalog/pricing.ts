/** What a configuration of the product-details page costs. The page shows these figures and the
 *  stripeCheckout function recomputes them, so both always agree (docs/decisions/0006-server-priced-checkout.md). */
import { MARKETING_ADD_ON_CENTS, SECURITY_ADD_ON_CENTS } from './add-ons';
import { PLAN_DETAILS, PLAN_PRICES, type PricedPlanId } from './plans';

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return value === 'monthly' || value === 'yearly';
}

export interface PlanConfiguration {
  plan: PricedPlanId;
  period: BillingPeriod;
  storage: boolean;
  security: boolean;
  marketing: boolean;
}

export interface Charges {
  /** The plan's monthly price plus the chosen add-ons. */
  monthlyCents: number;
  /** The plan's yearly price plus the chosen add-ons (each add-on counts once: docs/product.md#add-ons-and-trade-in). */
  yearlyCents: number;
  /** What checkout charges: the monthly charge by default, the yearly one when billed yearly. */
  amountDueCents: number;
}

export class UnpricedPlanError extends Error {
  constructor(plan: string) {
    super(`The ${plan} plan has no online price`);
    this.name = 'UnpricedPlanError';
  }
}

/** The cents each chosen add-on adds to both the monthly and the yearly charge. */
export function addOnCents({ plan, storage, security, marketing }: Omit<PlanConfiguration, 'period'>): number {
  const storageCents = storage ? (PLAN_DETAILS[plan].figures?.storageAddOn.priceCents ?? 0) : 0;
  return storageCents + (security ? SECURITY_ADD_ON_CENTS : 0) + (marketing ? MARKETING_ADD_ON_CENTS : 0);
}

export function priceConfiguration(configuration: PlanConfiguration): Charges {
  const price = PLAN_PRICES[configuration.plan];
  // The type already excludes magento; this guards callers that got the plan from outside.
  if (!price) throw new UnpricedPlanError(configuration.plan);
  const extras = addOnCents(configuration);
  const monthlyCents = price.monthlyCents + extras;
  const yearlyCents = price.yearlyCents + extras;
  return { monthlyCents, yearlyCents, amountDueCents: configuration.period === 'yearly' ? yearlyCents : monthlyCents };
}
