/** The add-ons of the product-details page and the trade-in offer (docs/product.md#add-ons-and-trade-in). Integer cents. */
/** Security: added to both the monthly and the yearly charge (docs/decisions/0005-add-ons-and-integer-cents.md). */
export const SECURITY_ADD_ON_CENTS = 799_99;
/** Digital marketing: added to both charges as well. */
export const MARKETING_ADD_ON_CENTS = 3_750_00;

export const ADD_ON_LABELS = {
  storage: 'Additional storage',
  security: 'Security',
  marketing: 'Digital marketing',
} as const;

/** Platforms an existing application can be traded in from, as stored on the order (modelExistsOn). */
export const TRADE_IN_PROVIDERS = ['shopify', 'wordpress', 'wix', 'goDaddy', 'squarespace', 'developer_ade'] as const;
export type TradeInProviderId = (typeof TRADE_IN_PROVIDERS)[number];

export const TRADE_IN_PROVIDER_LABELS: Readonly<Record<TradeInProviderId, string>> = {
  shopify: 'Shopify',
  wordpress: 'WordPress',
  wix: 'Wix',
  goDaddy: 'GoDaddy',
  squarespace: 'Squarespace',
  developer_ade: 'Developer Made',
};

export function isTradeInProvider(value: unknown): value is TradeInProviderId {
  return typeof value === 'string' && (TRADE_IN_PROVIDERS as readonly string[]).includes(value);
}

/** The trade-in reward, and the most a trade-in can be worth. A reward is settled by our team
 *  after review; it is never taken off the checkout amount (docs/decisions/0044-trade-in-is-not-a-discount.md). */
export const TRADE_IN_REWARD_CENTS = 750_00;
export const TRADE_IN_MAX_CENTS = 850_00;

export const WARRANTY_YEARS = 2;
