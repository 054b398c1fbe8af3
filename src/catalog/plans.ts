/** The subscription plans of the store ("models") and their prices (spec section 9, architecture
 *  decision 2). Pure data: no React, no Firebase, so the cloud function can bundle it too.
 *  All amounts are integer cents. */

/** Every plan, in the order the store shows them. */
export const PLAN_IDS = ['earth', 'bronze', 'silver', 'gold', 'diamond-peak', 'platinum-unlimited', 'magento'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

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
 *  everywhere (decision 2), not the 30,000 one old screen showed. */
export const PLAN_PRICES: Readonly<Record<PlanId, PlanPrice | null>> = {
  earth: { monthlyCents: 7_500_00, yearlyCents: 90_000_00 },
  bronze: { monthlyCents: 10_000_00, yearlyCents: 120_000_00 },
  silver: { monthlyCents: 12_500_00, yearlyCents: 150_000_00 },
  gold: { monthlyCents: 15_000_00, yearlyCents: 180_000_00 },
  'diamond-peak': { monthlyCents: 25_000_00, yearlyCents: 300_000_00 },
  'platinum-unlimited': { monthlyCents: 50_000_00, yearlyCents: 600_000_00 },
  magento: null,
};

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}
