import { BRAND } from './brand';
import { WAITLIST_PROGRAMME_PARAM, type WaitlistProgramme } from './waitlist-programmes';

/** Every internal URL of the site. Pages link through these, never through literals. */
/** The id of an order card's heading, the target of paths.orderCard. */
export const orderAnchor = (orderId: string) => `order-${orderId}`;

export const paths = {
  home: '/',
  nextGen: '/next-gen',
  company: '/company',
  contact: '/contact',
  support: '/support',
  waitlist: '/waitlist',
  /** The same form for the enterprise builder's waitlist (docs/decisions/0108-staff-console.md). */
  builderWaitlist: `/waitlist?${new URLSearchParams({ [WAITLIST_PROGRAMME_PARAM]: 'builder' satisfies WaitlistProgramme }).toString()}`,
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
  /** One order's card on the orders page: the billing mails and the dashboard's term notices link to it. */
  orderCard: (orderId: string) => `/order-history#${orderAnchor(orderId)}`,
  paymentMethods: '/payment-methods',
  devPanel: '/dev-panel',
  store: '/store',
  // The staff console (docs/decisions/0108-staff-console.md): not linked from any public page.
  staff: '/staff',
  staffInbox: '/staff/inbox',
  staffProgrammes: '/staff/programmes',
  staffCustomers: '/staff/customers',
  staffTradeIns: '/staff/trade-ins',
  staffAudit: '/staff/audit',
  /** The Space beta-tester pass a mail links to; readable with its code alone, which is base 32
   *  (src/data/staff.ts), so it needs no escaping in a path. */
  spacePass: (code: string) => `/space-pass/${code}`,
  /** Where a guest's claim link leads (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
  claimOrder: '/claim-order',
  /** Where a guest's mailed Manage your plan link leads (docs/decisions/0117-guest-manage-links.md). */
  managePlan: '/manage-plan',
  /** An account whose profile is missing completes it here
   *  (docs/decisions/0122-half-made-accounts-and-visitor-words.md). */
  completeProfile: '/complete-profile',
  /** Where a marketing mail's unsubscribe link leads (docs/decisions/0121-consent-and-unsubscribe.md). */
  unsubscribe: '/unsubscribe',
} as const;

/** The query parameter that carries where sign-in returns to (docs/decisions/0009-sign-in-and-return-to.md). */
export const NEXT_PARAM = 'next';

/** A stand-in origin to resolve `next` against: only the path of what resolves to it is kept, so the
 *  answer is the same in the browser and in the build-time renderer. */
const RESOLVE_BASE = 'https://site.invalid';

/** Control characters, any whitespace and backslashes: URL parsers drop tabs and newlines and read
 *  "\" as "/", so "/\t/evil.test" would become "//evil.test", another host. */
function holdsUnsafeCharacter(raw: string): boolean {
  return [...raw].some((character) => {
    const code = character.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || character === '\\' || /\s/u.test(character);
  });
}

/** The path as the router reads it when it matches routes: percent-decoded (null when it cannot be,
 *  a malformed escape). */
function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** The sign-in page under any name the router matches to it (any case, a trailing slash). */
function isSignInPage(decoded: string): boolean {
  return decoded.toLowerCase().replace(/\/+$/, '') === paths.signIn;
}

/** `path` resolved against this site as a browser resolves a link (dot segments removed), or null
 *  when it leaves the site or its path starts with "//", which the browser's history would read as
 *  another host. */
function resolvedOnSite(path: string): URL | null {
  let url: URL;
  try {
    url = new URL(path, RESOLVE_BASE);
  } catch {
    return null;
  }
  return url.origin === RESOLVE_BASE && !url.pathname.startsWith('//') ? url : null;
}

/** Only a path on this site, and never the sign-in page itself: `raw` must start with "/", hold
 *  nothing a URL parser would rewrite, and resolve to this origin; the answer is the path it
 *  resolves to (path, query and fragment). Neither that path nor its decoded form, resolved again,
 *  may start with "//": dot segments ("/..//evil.test", "/.//", "/%2e%2e//") resolve to one, and the
 *  router, asked to go there, threw instead (docs/decisions/0009-sign-in-and-return-to.md#addendum-2026-11-29-dot-segments-and-encoded-slashes). */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || holdsUnsafeCharacter(raw)) return null;
  const url = resolvedOnSite(raw);
  if (!url) return null;
  const decoded = decodedPath(url.pathname);
  if (decoded === null || holdsUnsafeCharacter(decoded) || !resolvedOnSite(decoded) || isSignInPage(decoded)) return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-up address that comes back to `next` afterwards. */
export function signUpPath(next?: string): string {
  const safe = safeNextPath(next);
  return safe ? `${paths.signUp}?${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}` : paths.signUp;
}

/** The complete-profile address that goes on to `next` afterwards. */
export function completeProfilePath(next?: string): string {
  const safe = safeNextPath(next);
  return safe ? `${paths.completeProfile}?${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}` : paths.completeProfile;
}

/** The sign-in address that comes back to `next` afterwards. */
export function signInPath(next?: string): string {
  const safe = safeNextPath(next);
  return safe ? `${paths.signIn}?${new URLSearchParams({ [NEXT_PARAM]: safe }).toString()}` : paths.signIn;
}

export const CASE_STUDY_SLUGS = ['amg-mercedes', 'charm', 'vmcrystalware', 'aurora-mail', 'physical-therapy', 'cashcat-streaming'] as const;
export type CaseStudySlug = (typeof CASE_STUDY_SLUGS)[number];
