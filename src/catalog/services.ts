/** The nine services of the store ("product types", docs/product.md#store). Orders store the id; the
 *  store's categories and the order history show the label. Pure data, shared with functions/. */
export const SERVICE_IDS = [
  'websites',
  'mobile_apps',
  'software_saas',
  'ecommerce_magento',
  'artifical_intelligence', // spelt so in the stored data (docs/product.md#store)
  'blockchain_nfts',
  'virtual_reality',
  'wearable_apps',
  'device_integration',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export const SERVICE_LABELS: Readonly<Record<ServiceId, string>> = {
  websites: 'Web Apps',
  mobile_apps: 'Mobile Apps',
  software_saas: 'Software & SaaS',
  ecommerce_magento: 'Ecommerce & Magento',
  artifical_intelligence: 'Artificial Intelligence',
  blockchain_nfts: 'Blockchain & NFTs',
  virtual_reality: 'Virtual Reality',
  wearable_apps: 'Wearable Apps',
  device_integration: 'Device Integration',
};

export function isServiceId(value: unknown): value is ServiceId {
  return typeof value === 'string' && (SERVICE_IDS as readonly string[]).includes(value);
}
