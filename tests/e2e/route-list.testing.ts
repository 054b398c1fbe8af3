/** Every route of docs/product.md#public-routes with the main heading it must show, for the suites that visit
 *  them all (routes.spec.ts, a11y.spec.ts). */
import { BRAND } from '../../src/config/brand';
import { paths } from '../../src/config/paths';

export type Route = [path: string, heading: string];

/** Marketing, case studies, legal, forms and auth pages: the same for everyone. */
export const PUBLIC_ROUTES: Route[] = [
  [paths.home, 'Software that ships. Internet from space.'],
  [paths.nextGen, 'Next-Gen'],
  [paths.company, 'About us'],
  [paths.contact, 'Contact us'],
  [paths.support, 'Contact us'],
  [paths.waitlist, 'Open-access research program'],
  [paths.openAccessProgram, 'Open-access research program'],
  [paths.preorder, 'Pre-order Space'],
  [paths.spaceTrailer, 'Space trailer'],
  [paths.howItWorks, 'How it works'],
  [paths.whyChoose, `Why choose ${BRAND.name}`],
  [paths.difference, `The ${BRAND.name} difference`],
  [paths.thankYou, 'Thank you'],
  [paths.socials, 'Follow us'],
  [paths.sitemap, 'Sitemap'],
  [paths.legal, 'Legal'],
  [paths.privacyPolicy, 'Privacy policy'],
  [paths.termsOfService, 'Terms of service'],
  [paths.caseStudies, 'Case studies'],
  [paths.caseStudy('amg-mercedes'), 'AMG Mercedes'],
  [paths.caseStudy('charm'), 'Charm'],
  [paths.caseStudy('vmcrystalware'), 'VM.Crystalware'],
  [paths.caseStudy('aurora-mail'), 'Aurora Mail'],
  [paths.caseStudy('physical-therapy'), 'Physical Therapy'],
  [paths.caseStudy('cashcat-streaming'), 'CashCat Streaming'],
  [paths.signUp, 'Create your account'],
  [paths.signIn, 'Sign in'],
  [paths.create, 'Start something new'],
  [paths.enterprise, 'Enterprise builder'],
  [paths.powerOfTheMind, 'The power of the mind'],
];

/** The store and a plan page: open to visitors (the session guard exempts /store). */
export const STORE_ROUTES: Route[] = [
  [paths.store, 'Store'],
  [paths.productDetails('websites', 'gold'), 'Gold plan for Web Apps'],
];

/** The customer area: signed in only. */
export const CUSTOMER_ROUTES: Route[] = [
  [paths.dashboard, 'Dashboard'],
  [paths.profileSettings, 'Profile Settings'],
  [paths.orderHistory, 'Orders'],
  [paths.paymentMethods, 'Payment Methods'],
  [paths.devPanel, 'Dev Panel'],
];

export const NOT_FOUND_ROUTE: Route = ['/no-such-page', 'Page not found'];
