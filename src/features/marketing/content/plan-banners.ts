/** What the plans page says about each plan it advertises. Prices come from the catalogue. */
import type { PlanId } from '@/catalog/plans';

/** The plans page advertises website plans (spec section 2). */
export const PLANS_PAGE_SERVICE = 'websites';

export interface PlanBanner {
  plan: PlanId;
  tagline: string;
  highlights: readonly string[];
}

/** The five large banners, smallest plan first. */
export const LARGE_PLAN_BANNERS: readonly PlanBanner[] = [
  {
    plan: 'earth',
    tagline: 'Your first product, done properly.',
    highlights: ['A dedicated team of five engineers', 'One or two projects at a time', 'Zero downtime, 24/7/365'],
  },
  {
    plan: 'silver',
    tagline: 'For products that have found their market.',
    highlights: ['Eight dedicated engineers', 'Five or six projects at a time', 'Zero downtime, 24/7/365'],
  },
  {
    plan: 'gold',
    tagline: 'A full product team across web and mobile.',
    highlights: ['Nine dedicated engineers', 'Seven or eight projects at a time', 'Zero downtime, 24/7/365'],
  },
  {
    plan: 'diamond-peak',
    tagline: 'For scale-ups with a crowded roadmap.',
    highlights: ['Fourteen dedicated engineers', 'Nine or ten projects at a time', 'Zero downtime, 24/7/365'],
  },
  {
    plan: 'platinum-unlimited',
    tagline: 'Everything your enterprise needs, without limits.',
    highlights: ['Twenty-five dedicated engineers', 'More than ten projects at a time', 'Zero downtime, 24/7/365'],
  },
];

export const BRONZE_BANNER: PlanBanner = {
  plan: 'bronze',
  tagline: 'Between Earth and Silver: seven engineers for three or four projects.',
  highlights: [],
};
