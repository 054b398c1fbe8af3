import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';

export interface NavLinkItem {
  label: string;
  to: string;
}

export const primaryNav: NavLinkItem[] = [
  { label: 'Company', to: paths.company },
  { label: PAGE_TITLES.caseStudies, to: paths.caseStudies },
  { label: PAGE_TITLES.howItWorks, to: paths.howItWorks },
  { label: 'Plans', to: paths.whyChoose },
  { label: PAGE_TITLES.store, to: paths.store },
  { label: 'Contact', to: paths.contact },
];

export interface FooterGroup {
  title: string;
  links: NavLinkItem[];
}

/** Every legal link goes to the legal index (docs/product.md#public-routes). */
export const footerGroups: FooterGroup[] = [
  {
    title: 'Company',
    links: [
      { label: PAGE_TITLES.company, to: paths.company },
      { label: PAGE_TITLES.caseStudies, to: paths.caseStudies },
      { label: PAGE_TITLES.howItWorks, to: paths.howItWorks },
      { label: PAGE_TITLES.socials, to: paths.socials },
      { label: PAGE_TITLES.sitemap, to: paths.sitemap },
    ],
  },
  {
    title: 'Services',
    links: [
      { label: PAGE_TITLES.store, to: paths.store },
      { label: 'Plans', to: paths.whyChoose },
      { label: PAGE_TITLES.nextGen, to: paths.nextGen },
      { label: PAGE_TITLES.enterprise, to: paths.enterprise },
      { label: 'Start a project', to: paths.create },
    ],
  },
  {
    title: 'Space',
    links: [
      { label: PAGE_TITLES.preorder, to: paths.preorder },
      { label: PAGE_TITLES.spaceTrailer, to: paths.spaceTrailer },
      { label: PAGE_TITLES.openAccessProgram, to: paths.openAccessProgram },
      { label: 'Power of the mind', to: paths.powerOfTheMind },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Contact', to: paths.contact },
      { label: PAGE_TITLES.support, to: paths.support },
      { label: PAGE_TITLES.signIn, to: paths.signIn },
      { label: 'Create an account', to: paths.signUp },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: PAGE_TITLES.legal, to: paths.legal },
      { label: 'Privacy policy', to: paths.legal },
      { label: 'Terms of service', to: paths.legal },
    ],
  },
];

/** The customer area's side menu (docs/product.md#customer-area). Its last entry, Sign out, is an action, not a
 *  link: the account layout renders it after these (features/auth/sign-out-button). The labels are
 *  the pages' names (config/page-titles.ts), so menu and heading say the same. */
export const accountNav: NavLinkItem[] = [
  { label: PAGE_TITLES.dashboard, to: paths.dashboard },
  { label: PAGE_TITLES.profileSettings, to: paths.profileSettings },
  { label: PAGE_TITLES.orderHistory, to: paths.orderHistory },
  { label: PAGE_TITLES.paymentMethods, to: paths.paymentMethods },
  { label: PAGE_TITLES.devPanel, to: paths.devPanel },
  { label: PAGE_TITLES.store, to: paths.store },
];
