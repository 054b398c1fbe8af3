import { paths } from '@/config/paths';

export interface NavLinkItem {
  label: string;
  to: string;
}

export const primaryNav: NavLinkItem[] = [
  { label: 'Company', to: paths.company },
  { label: 'Case studies', to: paths.caseStudies },
  { label: 'How it works', to: paths.howItWorks },
  { label: 'Plans', to: paths.whyChoose },
  { label: 'Store', to: paths.store },
  { label: 'Contact', to: paths.contact },
];

export interface FooterGroup {
  title: string;
  links: NavLinkItem[];
}

/** Every legal link goes to the legal index (spec section 2). */
export const footerGroups: FooterGroup[] = [
  {
    title: 'Company',
    links: [
      { label: 'About us', to: paths.company },
      { label: 'Case studies', to: paths.caseStudies },
      { label: 'How it works', to: paths.howItWorks },
      { label: 'Socials', to: paths.socials },
      { label: 'Sitemap', to: paths.sitemap },
    ],
  },
  {
    title: 'Services',
    links: [
      { label: 'Store', to: paths.store },
      { label: 'Plans', to: paths.whyChoose },
      { label: 'Next-Gen', to: paths.nextGen },
      { label: 'Enterprise builder', to: paths.enterprise },
      { label: 'Start a project', to: paths.create },
    ],
  },
  {
    title: 'Space',
    links: [
      { label: 'Pre-order Space', to: paths.preorder },
      { label: 'Space trailer', to: paths.spaceTrailer },
      { label: 'Open-access program', to: paths.openAccessProgram },
      { label: 'Power of the mind', to: paths.powerOfTheMind },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Contact', to: paths.contact },
      { label: 'Support', to: paths.support },
      { label: 'Sign in', to: paths.signIn },
      { label: 'Create an account', to: paths.signUp },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Legal', to: paths.legal },
      { label: 'Privacy policy', to: paths.legal },
      { label: 'Terms of service', to: paths.legal },
    ],
  },
];

/** The customer area's side menu (spec section 2). Its last entry, Sign out, is an action, not a
 *  link: the account layout renders it after these (features/auth/sign-out-button). */
export const accountNav: NavLinkItem[] = [
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Profile Settings', to: paths.profileSettings },
  { label: 'Orders', to: paths.orderHistory },
  { label: 'Payment Methods', to: paths.paymentMethods },
  { label: 'Dev Panel', to: paths.devPanel },
  { label: 'Store', to: paths.store },
];
