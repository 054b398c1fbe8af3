import type { Params } from 'react-router-dom';
import { isPlanId, PLAN_DETAILS, PLAN_NAMES } from '@/catalog/plans';
import { isServiceId, SERVICE_LABELS } from '@/catalog/services';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { paths } from '@/config/paths';
import { waitlistProgrammeOf } from '@/config/waitlist-programmes';
import { WAITLIST_TEXTS } from '@/features/forms/messages';
import { privacyPolicyMeta, termsOfServiceMeta } from '@/features/legal/legal-documents';

/** What a route's table entry cannot say without loading more: its description, and a title that
 *  depends on the query. */
export interface RouteDetails {
  title?: string;
  description?: string;
}

type Describe = (params: Params, search: URLSearchParams) => string | undefined | Promise<string | undefined>;

const SUMMARY_BY_PATH: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PAGE_SUMMARIES).map(([key, summary]) => [paths[key as keyof typeof PAGE_SUMMARIES], summary]),
);

/** Pages whose description depends on what they show. */
const DESCRIBERS: Readonly<Record<string, Describe>> = {
  [paths.support]: () => PAGE_SUMMARIES.contact,
  [paths.waitlist]: (_, search) => WAITLIST_TEXTS[waitlistProgrammeOf(search)].summary,
  [paths.openAccessProgram]: (_, search) => WAITLIST_TEXTS[waitlistProgrammeOf(search)].summary,
  [paths.privacyPolicy]: () => privacyPolicyMeta.summary,
  [paths.termsOfService]: () => termsOfServiceMeta.summary,
  // The studies are a large module; a case-study page has loaded it already.
  [paths.caseStudy(':slug')]: async (params) => (await import('@/features/case-studies/case-studies')).findCaseStudy(params.slug)?.summary,
  [paths.productDetailsBase]: (_, search) => {
    const plan = search.get('plan');
    const title = planPageTitle(search);
    return isPlanId(plan) && title ? `${title}: ${PLAN_DETAILS[plan].description}` : undefined;
  },
};

/**
 * The meta description of the route at `pattern` (the route table's path). Kept out of the
 * landing bundle: it reaches into the catalogue, the case studies and the legal texts.
 */
export async function describeRoute(pattern: string | undefined, params: Params, search: URLSearchParams): Promise<RouteDetails> {
  if (pattern === undefined) return {};
  return {
    title: pattern === paths.productDetailsBase ? planPageTitle(search) : waitlistPageTitle(pattern, search),
    description: (await DESCRIBERS[pattern]?.(params, search)) ?? SUMMARY_BY_PATH[pattern],
  };
}

/** The builder's waitlist is the waitlist page with ?programme=builder: its own title; the
 *  open-access one keeps the route table's. */
function waitlistPageTitle(pattern: string, search: URLSearchParams): string | undefined {
  const isWaitlist = pattern === paths.waitlist || pattern === paths.openAccessProgram;
  const programme = waitlistProgrammeOf(search);
  return isWaitlist && programme !== 'open-access' ? WAITLIST_TEXTS[programme].title : undefined;
}

/** The document title of /product-details: the plan and service it shows, when both are real. */
export function planPageTitle(search: URLSearchParams): string | undefined {
  const plan = search.get('plan');
  const service = search.get('service');
  return isPlanId(plan) && isServiceId(service) ? `${PLAN_NAMES[plan]} plan for ${SERVICE_LABELS[service]}` : undefined;
}
