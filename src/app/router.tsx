import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { AuthRoute } from '@/features/auth/auth-provider';
import { SessionGuard } from '@/features/auth/session-guard';
import { caseStudyTitle } from '@/features/case-studies/case-study-titles';
import { PublicLayout } from './layouts/public-layout';
import { lazyPage } from './lazy-page';
import type { RouteHandle } from './route-meta';

type PageLoader = Parameters<typeof lazyPage>[0];

/** One route: its path, its document title and its page chunk. */
function page(path: string, title: RouteHandle['title'], load: PageLoader): RouteObject {
  const Page = lazyPage(load);
  return { path, handle: { title } satisfies RouteHandle, element: <Page /> };
}

const AccountArea = lazyPage(() => import('./layouts/account-area'));

// Pages reachable at two addresses share one chunk.
const contactPage = () => import('@/features/forms/contact-page');
const waitlistPage = () => import('@/features/forms/waitlist-page');

/** Every route of the site (spec section 2, architecture decisions 1 and 9). */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      page(paths.home, '', () => import('@/features/marketing/home-page')),
      page(paths.nextGen, 'Next-Gen', () => import('@/features/marketing/next-gen-page')),
      page(paths.company, 'About us', () => import('@/features/marketing/company-page')),
      page(paths.contact, 'Contact us', contactPage),
      page(paths.support, 'Support', contactPage),
      page(paths.waitlist, 'Open-access program waitlist', waitlistPage),
      page(paths.openAccessProgram, 'Open-access program', waitlistPage),
      page(paths.preorder, 'Pre-order Space', () => import('@/features/forms/preorder-page')),
      page(paths.spaceTrailer, 'Space trailer', () => import('@/features/marketing/space-trailer-page')),
      page(paths.howItWorks, 'How it works', () => import('@/features/marketing/how-it-works-page')),
      page(paths.whyChoose, `Why choose ${BRAND.name}`, () => import('@/features/marketing/why-choose-page')),
      page(paths.difference, `The ${BRAND.name} difference`, () => import('@/features/marketing/difference-page')),
      page(paths.thankYou, 'Thank you', () => import('@/features/marketing/thank-you-page')),
      page(paths.socials, 'Socials', () => import('@/features/marketing/socials-page')),
      page(paths.sitemap, 'Sitemap', () => import('@/features/marketing/sitemap-page')),
      page(paths.legal, 'Legal', () => import('@/features/legal/legal-page')),
      page(paths.privacyPolicy, 'Privacy policy', () => import('@/features/legal/privacy-policy-page')),
      page(paths.termsOfService, 'Terms of service', () => import('@/features/legal/terms-of-service-page')),
      page(paths.caseStudies, 'Case studies', () => import('@/features/case-studies/case-studies-page')),
      page(
        paths.caseStudy(':slug'),
        (params) => caseStudyTitle(params.slug),
        () => import('@/features/case-studies/case-study-page'),
      ),
      {
        // The auth pages get the auth state; the marketing pages never load Firebase Auth.
        element: <AuthRoute />,
        children: [
          page(paths.signUp, 'Create your account', () => import('@/features/auth/sign-up-page')),
          page(paths.signIn, 'Sign in', () => import('@/features/auth/sign-in-page')),
        ],
      },
      page(paths.create, 'Start something new', () => import('@/features/marketing/create-page')),
      page(paths.enterprise, 'Enterprise builder', () => import('@/features/marketing/enterprise-page')),
      page(paths.powerOfTheMind, 'The power of the mind', () => import('@/features/marketing/power-of-the-mind-page')),
      page(paths.productDetailsBase, 'Plan details', () => import('@/features/store/product-details-page')),
      page('*', 'Page not found', () => import('./not-found-page')),
    ],
  },
  {
    element: <AccountArea />,
    children: [
      {
        // The session guard; it lets /store through for visitors (spec section 2).
        element: <SessionGuard />,
        children: [
          page(paths.dashboard, 'Dashboard', () => import('@/features/account/dashboard-page')),
          page(paths.profileSettings, 'Profile settings', () => import('@/features/account/profile-settings-page')),
          page(paths.orderHistory, 'Orders', () => import('@/features/account/order-history-page')),
          page(paths.paymentMethods, 'Payment methods', () => import('@/features/account/payment-methods-page')),
          page(paths.devPanel, 'Dev Panel', () => import('@/features/account/dev-panel-page')),
          page(paths.store, 'Store', () => import('@/features/store/store-page')),
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
