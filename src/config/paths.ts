import { BRAND } from './brand';

/** Every internal URL of the site. Pages link through these, never through literals. */
export const paths = {
  home: '/',
  nextGen: '/next-gen',
  company: '/company',
  contact: '/contact',
  support: '/support',
  waitlist: '/waitlist',
  openAccessProgram: '/open-access-program',
  preorder: '/preorder',
  spaceTrailer: '/space-trailer',
  howItWorks: '/how-it-works',
  whyChoose: `/why-choose-${BRAND.slug}`,
  difference: `/${BRAND.slug}-difference`,
  thankYou: '/thank-you',
  socials: '/socials',
  sitemap: '/sitemap',
  legal: '/legal',
  privacyPolicy: '/legal/privacy-policy',
  termsOfService: '/legal/terms-of-service',
  caseStudies: '/case-studies',
  caseStudy: (slug: string) => `/case-studies/${slug}`,
  signUp: '/signup',
  signIn: '/sign-in',
  create: '/create',
  enterprise: '/enterprise',
  powerOfTheMind: '/power-of-the-mind',
  productDetails: (service: string, plan: string) => `/product-details?${new URLSearchParams({ service, plan }).toString()}`,
  productDetailsBase: '/product-details',
  dashboard: '/dashboard',
  profileSettings: '/profile-settings',
  orderHistory: '/order-history',
  paymentMethods: '/payment-methods',
  devPanel: '/dev-panel',
  store: '/store',
} as const;

/** The query parameter that carries where sign-in returns to (docs/decisions/0009-sign-in-and-return-to.md). */
export const NEXT_PARAM = 'next';

/** Only a path on this site: starts with one "/" (not "//" or "/\", which browsers treat as
 *  another host), and never the sign-in page itself. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw === paths.signIn || raw.startsWith(`${paths.signIn}?`)) return null;
  return raw;
}

/** The sign-in address that comes back to `next` afterwards. */
export function signInPath(next?: string): string {
  const safe = safeNextPath(next);
  return safe ? `${paths.signIn}?${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}` : paths.signIn;
}

export const CASE_STUDY_SLUGS = ['amg-mercedes', 'charm', 'vmcrystalware', 'aurora-mail', 'physical-therapy', 'cashcat-streaming'] as const;
export type CaseStudySlug = (typeof CASE_STUDY_SLUGS)[number];
