/** Partner certifications. The badges are our own artwork with generic names: no third-party
 *  trademarks. */
export interface Partner {
  name: string;
  summary: string;
  /** Badge artwork under public/images/marketing/. */
  image: string;
}

export const PARTNERS: readonly Partner[] = [
  {
    name: 'Cloud Partner',
    summary: 'Certified architects for multi-region hosting, serverless and managed databases.',
    image: '/images/marketing/badge-cloud.svg',
  },
  {
    name: 'Security Partner',
    summary: 'Audited secure-development practice, yearly penetration tests and incident drills.',
    image: '/images/marketing/badge-security.svg',
  },
  {
    name: 'Payments Partner',
    summary: 'Certified to integrate card payments, subscriptions and payouts.',
    image: '/images/marketing/badge-payments.svg',
  },
  {
    name: 'AI Partner',
    summary: 'Trained and reviewed for responsible machine-learning and data-privacy work.',
    image: '/images/marketing/badge-ai.svg',
  },
];
