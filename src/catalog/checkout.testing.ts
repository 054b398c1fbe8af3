/** Checkout choices the catalogue's and the store's tests start from. */
import type { CheckoutChoices } from './checkout';

/** A monthly Earth website with storage and security, no marketing, no trade-in. */
export const EARTH_WEBSITE_CHOICES: CheckoutChoices = {
  service: 'websites',
  plan: 'earth',
  period: 'monthly',
  storage: true,
  security: true,
  marketing: false,
  tradeIn: null,
};
