/** The services the marketing pages present (docs/product.md#marketing-content). The home page lists them; the
 *  thank-you page's typing animation cycles through their names. */
export interface MarketingService {
  id: string;
  name: string;
  summary: string;
}

export const MARKETING_SERVICES: readonly MarketingService[] = [
  {
    id: 'product-engineering',
    name: 'Product engineering',
    summary: 'From a sketch to a product people pay for: discovery, design, build, launch and iteration.',
  },
  {
    id: 'mobile',
    name: 'Mobile apps',
    summary: 'Native-quality iOS and Android apps, wearables and device integrations.',
  },
  {
    id: 'web',
    name: 'Web apps',
    summary: 'Fast, accessible websites, web apps and e-commerce that rank and convert.',
  },
  {
    id: 'custom-software',
    name: 'Custom software & SaaS',
    summary: 'Internal tools, platforms and SaaS products built around the way you work.',
  },
  {
    id: 'blockchain',
    name: 'Blockchain',
    summary: 'Smart contracts, NFT platforms and wallets, audited and built to last.',
  },
  {
    id: 'artificial-intelligence',
    name: 'Artificial intelligence',
    summary: 'Assistants, recommendations and automation that use your data responsibly.',
  },
];
