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
  productDetails: (service: string, plan: string) =>
    `/product-details?${new URLSearchParams({ service, plan }).toString()}`,
  productDetailsBase: '/product-details',
  dashboard: '/dashboard',
  profileSettings: '/profile-settings',
  orderHistory: '/order-history',
  paymentMethods: '/payment-methods',
  devPanel: '/dev-panel',
  store: '/store',
} as const;

export const CASE_STUDY_SLUGS = [
  'amg-mercedes',
  'charm',
  'vmcrystalware',
  'aurora-mail',
  'physical-therapy',
  'cashcat-streaming',
] as const;
export type CaseStudySlug = (typeof CASE_STUDY_SLUGS)[number];
