/** One line per service for the store's category cards. The ids and names come from the catalogue. */
import type { ServiceId } from '@/catalog/services';

export const SERVICE_BLURBS: Readonly<Record<ServiceId, string>> = {
  websites: 'Fast, accessible web applications, from landing pages to full products.',
  mobile_apps: 'Native-feeling iOS and Android apps from one team.',
  software_saas: 'Multi-tenant software with billing, roles and dashboards.',
  ecommerce_magento: 'Online stores on Magento and Adobe Commerce, built to sell.',
  artifical_intelligence: 'Assistants, search and predictions built into your product.',
  blockchain_nfts: 'Smart contracts, wallets and NFT storefronts.',
  virtual_reality: 'Immersive training, showrooms and experiences for headsets.',
  wearable_apps: 'Companion apps for watches and fitness devices.',
  device_integration: 'Software that talks to hardware: sensors, scanners and IoT fleets.',
};
