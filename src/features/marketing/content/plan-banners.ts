/** What the plans page says about each plan it advertises. Prices and figures come from the
 *  catalogue; only the taglines are the page's own. */
import { PLAN_DETAILS, UPTIME_PROMISE, type PlanId } from '@/catalog/plans';

/** The plans page advertises website plans (docs/product.md#plans-page). */
export const PLANS_PAGE_SERVICE = 'websites';

export interface PlanBanner {
  plan: PlanId;
  tagline: string;
}

/** The lines a large banner lists under its price. */
export function bannerHighlights(plan: PlanId): string[] {
  const figures = PLAN_DETAILS[plan].figures;
  if (!figures) return [UPTIME_PROMISE];
  return [`${figures.engineers} dedicated engineers`, `${figures.projectCapacity} projects at a time`, UPTIME_PROMISE];
}

/** The five large banners, smallest plan first. */
export const LARGE_PLAN_BANNERS: readonly PlanBanner[] = [
  { plan: 'earth', tagline: 'Your first product, done properly.' },
  { plan: 'silver', tagline: 'For products that have found their market.' },
  { plan: 'gold', tagline: 'A full product team across web and mobile.' },
  { plan: 'diamond-peak', tagline: 'For scale-ups with a crowded roadmap.' },
  { plan: 'platinum-unlimited', tagline: 'Everything your enterprise needs, without limits.' },
];

const bronze = PLAN_DETAILS.bronze.figures;
export const BRONZE_BANNER: PlanBanner = {
  plan: 'bronze',
  tagline: `Between Earth and Silver: ${bronze?.engineers} engineers for ${bronze?.projectCapacity} projects at a time.`,
};
