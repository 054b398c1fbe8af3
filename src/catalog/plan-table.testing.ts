/** For the catalogue's tests: the plans' price table of the product specification in dollars
 *  (monthly, yearly, storage add-on), typed out independently of plans.ts so that the tests check
 *  the catalogue against it rather than against itself. */
import { PLAN_IDS, isPricedPlan, type PricedPlanId } from './plans';

export const PRICED_PLANS = PLAN_IDS.filter(isPricedPlan);

export const PRICE_TABLE: Readonly<Record<PricedPlanId, readonly [monthly: number, yearly: number, storage: number]>> = {
  earth: [7_500, 90_000, 2_500],
  bronze: [10_000, 120_000, 3_000],
  silver: [12_500, 150_000, 3_500],
  gold: [15_000, 180_000, 4_000],
  'diamond-peak': [25_000, 300_000, 4_500],
  'platinum-unlimited': [50_000, 600_000, 5_000],
};
