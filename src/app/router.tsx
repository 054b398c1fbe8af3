import type { RouteObject } from 'react-router-dom';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { caseStudyTitle } from '@/features/case-studies/case-study-titles';
import { SessionGuard } from '@/session/session-guard';
import { PublicLayout, type FrameHandle } from './layouts/public-layout';
import { lazyPage, type PageLoader } from './lazy-page';
import { signallingCommit } from './page-committed';
import type { RouteHandle } from './route-meta';

/** One route: its path, its document title and its page chunk, and the frame it asks for if not
 *  the usual one. The loader names the page module by an import, so a wrong name fails the type
 *  check; pages reachable at two addresses share one chunk. */
function page(path: string, title: RouteHandle['title'], load: PageLoader, frame?: FrameHandle['frame']): RouteObject {
  const Page = lazyPage(() => load().then(signallingCommit));
  const handle = { title, pattern: path, load, ...(frame && { frame }) } satisfies RouteHandle & FrameHandle;
  return { path, handle, element: <Page /> };
}

const loadAccountArea: PageLoader = () => import('./layouts/account-area');
const AccountArea = lazyPage(loadAccountArea);
const loadStaffArea: PageLoader = () => import('./layouts/staff-area');
const StaffArea = lazyPage(loadStaffArea);

/** Every route of the site (docs/product.md#public-routes; docs/decisions/0011-pages-for-unshown-routes.md). */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      page(paths.home, PAGE_TITLES.home, () => import('@/features/marketing/home-page')),
      page(paths.nextGen, PAGE_TITLES.nextGen, () => import('@/features/marketing/next-gen-page')),
      page(paths.company, PAGE_TITLES.company, () => import('@/features/marketing/company-page')),
      page(paths.contact, PAGE_TITLES.contact, () => import('@/features/forms/contact-page')),
      page(paths.support, PAGE_TITLES.support, () => import('@/features/forms/contact-page')),
      page(paths.waitlist, PAGE_TITLES.waitlist, () => import('@/features/forms/waitlist-page')),
      page(paths.openAccessProgram, PAGE_TITLES.openAccessProgram, () => import('@/features/forms/waitlist-page')),
      page(paths.preorder, PAGE_TITLES.preorder, () => import('@/features/forms/preorder-page')),
      page(paths.spaceTrailer, PAGE_TITLES.spaceTrailer, () => import('@/features/marketing/space-trailer-page')),
      page(paths.howItWorks, PAGE_TITLES.howItWorks, () => import('@/features/marketing/how-it-works-page')),
      page(paths.whyChoose, PAGE_TITLES.whyChoose, () => import('@/features/marketing/why-choose-page')),
      page(paths.difference, PAGE_TITLES.difference, () => import('@/features/marketing/difference-page')),
      page(paths.thankYou, PAGE_TITLES.thankYou, () => import('./pages/thank-you-page')),
      page(paths.socials, PAGE_TITLES.socials, () => import('@/features/marketing/socials-page')),
      page(paths.sitemap, PAGE_TITLES.sitemap, () => import('@/features/marketing/sitemap-page')),
      page(paths.legal, PAGE_TITLES.legal, () => import('@/features/legal/legal-page')),
      page(paths.privacyPolicy, PAGE_TITLES.privacyPolicy, () => import('@/features/legal/privacy-policy-page')),
      page(paths.termsOfService, PAGE_TITLES.termsOfService, () => import('@/features/legal/terms-of-service-page')),
      page(paths.caseStudies, PAGE_TITLES.caseStudies, () => import('@/features/case-studies/case-studies-page')),
      page(
        paths.caseStudy(':slug'),
        (params) => caseStudyTitle(params.slug),
        () => import('@/features/case-studies/case-study-page'),
      ),
      // The sign-up bar replaces the site header there (docs/decisions/0097-sign-up-bar.md).
      page(paths.signUp, PAGE_TITLES.signUp, () => import('@/features/auth/sign-up-page'), 'sign-up'),
      page(paths.signIn, PAGE_TITLES.signIn, () => import('@/features/auth/sign-in-page')),
      page(paths.create, PAGE_TITLES.create, () => import('@/features/marketing/create-page')),
      page(paths.enterprise, PAGE_TITLES.enterprise, () => import('@/features/marketing/enterprise-page')),
      page(paths.powerOfTheMind, PAGE_TITLES.powerOfTheMind, () => import('@/features/marketing/power-of-the-mind-page')),
      page(paths.productDetailsBase, PAGE_TITLES.productDetails, () => import('@/features/store/product-details-page')),
      page('*', PAGE_TITLES.notFound, () => import('@/ui/not-found-page')),
    ],
  },
  {
    element: <AccountArea />,
    handle: { load: loadAccountArea } satisfies RouteHandle,
    children: [
      {
        // The session guard; it lets /store through for visitors (docs/product.md#session-guard).
        element: <SessionGuard />,
        children: [
          page(paths.dashboard, PAGE_TITLES.dashboard, () => import('@/features/account/dashboard-page')),
          page(paths.profileSettings, PAGE_TITLES.profileSettings, () => import('@/features/account/profile-settings-page')),
          page(paths.orderHistory, PAGE_TITLES.orderHistory, () => import('@/features/account/order-history-page')),
          page(paths.paymentMethods, PAGE_TITLES.paymentMethods, () => import('@/features/account/payment-methods-page')),
          page(paths.devPanel, PAGE_TITLES.devPanel, () => import('@/features/account/dev-panel-page')),
          page(paths.store, PAGE_TITLES.store, () => import('@/features/store/store-page')),
        ],
      },
    ],
  },
  {
    // The staff console: its own chunks behind its own guard (docs/decisions/0108-staff-console.md).
    element: <StaffArea />,
    handle: { load: loadStaffArea } satisfies RouteHandle,
    children: [
      page(paths.staff, PAGE_TITLES.staff, () => import('@/features/staff/staff-overview-page')),
      page(paths.staffInbox, PAGE_TITLES.staffInbox, () => import('@/features/staff/staff-inbox-page')),
      page(paths.staffProgrammes, PAGE_TITLES.staffProgrammes, () => import('@/features/staff/staff-programmes-page')),
      page(paths.staffCustomers, PAGE_TITLES.staffCustomers, () => import('@/features/staff/staff-customers-page')),
      page(paths.staffTradeIns, PAGE_TITLES.staffTradeIns, () => import('@/features/staff/staff-trade-ins-page')),
      page(paths.staffAudit, PAGE_TITLES.staffAudit, () => import('@/features/staff/staff-audit-page')),
    ],
  },
  {
    // Public, but never pre-rendered (routes[0]'s paths are): a pass exists only with its code.
    element: <PublicLayout />,
    children: [page(paths.spacePass(':code'), PAGE_TITLES.spacePass, () => import('@/features/marketing/space-pass-page'))],
  },
  {
    // Public, never pre-rendered: a claim link works only with its token
    // (docs/decisions/0110-guest-orders-by-proof-of-purchase.md).
    element: <PublicLayout />,
    children: [page(paths.claimOrder, PAGE_TITLES.claimOrder, () => import('@/features/account/claim-order-page'))],
  },
  {
    // Public, never pre-rendered: a guest's manage link works only with its token, once
    // (docs/decisions/0117-guest-manage-links.md).
    element: <PublicLayout />,
    children: [page(paths.managePlan, PAGE_TITLES.managePlan, () => import('@/features/account/manage-plan-page'))],
  },
  {
    // Public, never pre-rendered: what they show depends on who is signed in or on the mailed token
    // (docs/decisions/0122-half-made-accounts-and-visitor-words.md, docs/decisions/0121-consent-and-unsubscribe.md).
    element: <PublicLayout />,
    children: [
      page(paths.completeProfile, PAGE_TITLES.completeProfile, () => import('@/features/auth/complete-profile-page')),
      page(paths.unsubscribe, PAGE_TITLES.unsubscribe, () => import('@/features/account/unsubscribe-page')),
    ],
  },
];
