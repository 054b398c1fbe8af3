/** The subscription plans of the store ("models"), their prices and their figures (docs/product.md#plans-and-prices,
 *  docs/decisions/0004-one-price-catalogue.md). Pure data: no React, no Firebase, so the cloud functions bundle it too.
 *  All amounts are integer cents. */

/** Every plan, in the order the store shows them. */
export const PLAN_IDS = ['earth', 'bronze', 'silver', 'gold', 'diamond-peak', 'platinum-unlimited', 'magento'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The plans that can be bought online; magento is pay as you go, arranged by phone. */
export type PricedPlanId = Exclude<PlanId, 'magento'>;

export const PLAN_NAMES: Readonly<Record<PlanId, string>> = {
  earth: 'Earth',
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  'diamond-peak': 'Diamond Peak',
  'platinum-unlimited': 'Platinum Unlimited',
  magento: 'Magento',
};

export interface PlanPrice {
  monthlyCents: number;
  yearlyCents: number;
}

/** Monthly and yearly price of each plan. magento is pay as you go: it has no price and no online
 *  checkout (a phone Contact button instead), hence null. platinum-unlimited is 50,000 a month
 *  everywhere (docs/decisions/0004-one-price-catalogue.md), not the 30,000 one old screen showed. */
export const PLAN_PRICES: Readonly<Record<PlanId, PlanPrice | null>> = {
  earth: { monthlyCents: 7_500_00, yearlyCents: 90_000_00 },
  bronze: { monthlyCents: 10_000_00, yearlyCents: 120_000_00 },
  silver: { monthlyCents: 12_500_00, yearlyCents: 150_000_00 },
  gold: { monthlyCents: 15_000_00, yearlyCents: 180_000_00 },
  'diamond-peak': { monthlyCents: 25_000_00, yearlyCents: 300_000_00 },
  'platinum-unlimited': { monthlyCents: 50_000_00, yearlyCents: 600_000_00 },
  magento: null,
};

export interface StorageAddOn {
  priceCents: number;
  /** What the customer gets, also stored on the order as additionalStorage. */
  size: string;
}

/** The figures of a priced plan (the table of docs/product.md#plans-and-prices). */
export interface PlanFigures {
  engineers: number;
  /** Projects at a time, as the table gives it: "1-2", "10+". */
  projectCapacity: string;
  database: string;
  teamSsd: string;
  storageAddOn: StorageAddOn;
}

/** One figure per fact: the team is the table's engineers, nothing else. The spec's second list of
 *  "team sizes" (1-2 Teams, 25 or 10 Developers) contradicted it on the same card and is not used
 *  (docs/decisions/0088-one-team-figure-per-plan.md). */
export interface PlanDetails {
  /** One paragraph for the product-details page. */
  description: string;
  /** null for magento, which is sized per project. */
  figures: PlanFigures | null;
}

export const PLAN_DETAILS: Readonly<Record<PlanId, PlanDetails>> = {
  earth: {
    description:
      'Earth gives your first product a dedicated team of five engineers who design, build and run one or two projects at a time, with a managed database and team workspace included.',
    figures: {
      engineers: 5,
      projectCapacity: '1-2',
      database: '8GB',
      teamSsd: '256GB',
      storageAddOn: { priceCents: 2_500_00, size: '500GB' },
    },
  },
  bronze: {
    description:
      'Bronze adds two engineers to the Earth team for three or four projects at once: room for a web app and its mobile companion, or a product and its internal tools.',
    figures: {
      engineers: 7,
      projectCapacity: '3-4',
      database: '16GB',
      teamSsd: '500GB',
      storageAddOn: { priceCents: 3_000_00, size: '1TB' },
    },
  },
  silver: {
    description:
      'Silver is for products that have found their market: eight engineers across five or six projects, a 32GB database and a terabyte of team storage.',
    figures: {
      engineers: 8,
      projectCapacity: '5-6',
      database: '32GB',
      teamSsd: '1TB',
      storageAddOn: { priceCents: 3_500_00, size: '2TB' },
    },
  },
  gold: {
    description:
      'Gold is a full product team across web and mobile: nine engineers, seven or eight projects at a time, and the capacity to ship every week.',
    figures: {
      engineers: 9,
      projectCapacity: '7-8',
      database: '32GB',
      teamSsd: '1.5TB',
      storageAddOn: { priceCents: 4_000_00, size: '3TB' },
    },
  },
  'diamond-peak': {
    description:
      'Diamond Peak is for scale-ups with a crowded roadmap: fourteen engineers for nine or ten projects, a 64GB database and two terabytes of team storage.',
    figures: {
      engineers: 14,
      projectCapacity: '9-10',
      database: '64GB',
      teamSsd: '2TB',
      storageAddOn: { priceCents: 4_500_00, size: '4TB' },
    },
  },
  'platinum-unlimited': {
    description:
      'Platinum Unlimited is everything an enterprise needs without limits: twenty-five engineers, more than ten projects at once, a 128GB database and five terabytes of team storage.',
    figures: {
      engineers: 25,
      projectCapacity: '10+',
      database: '128GB',
      teamSsd: '5TB',
      storageAddOn: { priceCents: 5_000_00, size: '5TB' },
    },
  },
  magento: {
    description:
      'Magento is pay as you go: Magento and Adobe Commerce specialists sized to your store, billed for the work done. Call us and we will scope it with you.',
    figures: null,
  },
};

/** Every plan's promise (docs/product.md#plans-and-prices). */
export const UPTIME_PROMISE = 'Zero downtime, 24/7/365';

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function isPricedPlan(plan: PlanId): plan is PricedPlanId {
  return PLAN_PRICES[plan] !== null;
}
