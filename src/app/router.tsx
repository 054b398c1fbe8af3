import type { RouteObject } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { paths } from '@/config/paths';
import { SessionGuard } from '@/features/auth/session-guard';
import { caseStudyTitle } from '@/features/case-studies/case-study-titles';
import { PublicLayout, type FrameHandle } from './layouts/public-layout';
import { lazyPage } from './lazy-page';
import type { RouteHandle } from './route-meta';

type PageLoader = Parameters<typeof lazyPage>[0];

/** Every page and the account-area shell, each its own chunk. Named by source path, so the
 *  pre-renderer can find a route's stylesheet and code in the build manifest. */
const modules = import.meta.glob<Awaited<ReturnType<PageLoader>>>([
  '/src/features/*/*-page.tsx',
  '/src/app/not-found-page.tsx',
  '/src/app/layouts/account-area.tsx',
]);

function load(module: string): PageLoader {
  const loader = modules[module];
  if (!loader) throw new Error(`No page module ${module}`);
  return loader;
}

/** One route: its path, its document title and its page chunk, and the frame it asks for if not
 *  the usual one. Pages reachable at two addresses share one chunk. */
function page(path: string, title: RouteHandle['title'], module: string, frame?: FrameHandle['frame']): RouteObject {
  const Page = lazyPage(load(module));
  const handle = { title, pattern: path, module, ...(frame && { frame }) } satisfies RouteHandle & FrameHandle;
  return { path, handle, element: <Page /> };
}

const ACCOUNT_AREA = '/src/app/layouts/account-area.tsx';
const AccountArea = lazyPage(load(ACCOUNT_AREA));

const feature = (path: string) => `/src/features/${path}.tsx`;

/** Every route of the site (spec section 2, architecture decisions 1 and 9). */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      page(paths.home, '', feature('marketing/home-page')),
      page(paths.nextGen, 'Next-Gen', feature('marketing/next-gen-page')),
      page(paths.company, 'About us', feature('marketing/company-page')),
      page(paths.contact, 'Contact us', feature('forms/contact-page')),
      page(paths.support, 'Support', feature('forms/contact-page')),
      page(paths.waitlist, 'Open-access program waitlist', feature('forms/waitlist-page')),
      page(paths.openAccessProgram, 'Open-access program', feature('forms/waitlist-page')),
      page(paths.preorder, 'Pre-order Space', feature('forms/preorder-page')),
      page(paths.spaceTrailer, 'Space trailer', feature('marketing/space-trailer-page')),
      page(paths.howItWorks, 'How it works', feature('marketing/how-it-works-page')),
      page(paths.whyChoose, `Why choose ${BRAND.name}`, feature('marketing/why-choose-page')),
      page(paths.difference, `The ${BRAND.name} difference`, feature('marketing/difference-page')),
      page(paths.thankYou, 'Thank you', feature('marketing/thank-you-page')),
      page(paths.socials, 'Socials', feature('marketing/socials-page')),
      page(paths.sitemap, 'Sitemap', feature('marketing/sitemap-page')),
      page(paths.legal, 'Legal', feature('legal/legal-page')),
      page(paths.privacyPolicy, 'Privacy policy', feature('legal/privacy-policy-page')),
      page(paths.termsOfService, 'Terms of service', feature('legal/terms-of-service-page')),
      page(paths.caseStudies, 'Case studies', feature('case-studies/case-studies-page')),
      page(
        paths.caseStudy(':slug'),
        (params) => caseStudyTitle(params.slug),
        feature('case-studies/case-study-page'),
      ),
      // The sign-up bar replaces the site header there (docs/decisions.md).
      page(paths.signUp, 'Create your account', feature('auth/sign-up-page'), 'sign-up'),
      page(paths.signIn, 'Sign in', feature('auth/sign-in-page')),
      page(paths.create, 'Start something new', feature('marketing/create-page')),
      page(paths.enterprise, 'Enterprise builder', feature('marketing/enterprise-page')),
      page(paths.powerOfTheMind, 'The power of the mind', feature('marketing/power-of-the-mind-page')),
      page(paths.productDetailsBase, 'Plan details', feature('store/product-details-page')),
      page('*', 'Page not found', '/src/app/not-found-page.tsx'),
    ],
  },
  {
    element: <AccountArea />,
    handle: { module: ACCOUNT_AREA } satisfies RouteHandle,
    children: [
      {
        // The session guard; it lets /store through for visitors (spec section 2).
        element: <SessionGuard />,
        children: [
          page(paths.dashboard, 'Dashboard', feature('account/dashboard-page')),
          page(paths.profileSettings, 'Profile settings', feature('account/profile-settings-page')),
          page(paths.orderHistory, 'Orders', feature('account/order-history-page')),
          page(paths.paymentMethods, 'Payment methods', feature('account/payment-methods-page')),
          page(paths.devPanel, 'Dev Panel', feature('account/dev-panel-page')),
          page(paths.store, 'Store', feature('store/store-page')),
        ],
      },
    ],
  },
];

