/** Two plans of a subscription business, as the billing tests buy, switch and prorate them. The
 *  stand-in knows no catalogue, so these are the tests' own: the ids, lookup keys and amounts of
 *  the site's Gold and Diamond Peak plans when the tests were written, which their hand-checked
 *  figures (a half month's difference, a yearly switch) are worked out from. */
const PLANS = {
  gold: { monthly: 1_500_000, yearly: 18_000_000 },
  'diamond-peak': { monthly: 2_500_000, yearly: 30_000_000 },
} as const;

export type TestPlan = keyof typeof PLANS;
export type TestPeriod = 'monthly' | 'yearly';

export const planProductId = (plan: TestPlan) => `leopard-plan-${plan}`;
export const planLookupKey = (plan: TestPlan, period: TestPeriod) => `plan:${plan}:${period}`;
export const planUnitCents = (plan: TestPlan, period: TestPeriod): number => PLANS[plan][period];
