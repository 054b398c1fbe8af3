/** What a visitor chose on the product-details page, and how it becomes the checkout choices.
 *  Kept for the tab's session per service and plan, so coming back from Stripe's Cancel (or a
 *  reload) shows the same configuration. */
import { isTradeInProvider, type TradeInProviderId } from '@/catalog/add-ons';
import type { CheckoutChoices } from '@/catalog/checkout';
import type { PricedPlanId } from '@/catalog/plans';
import { isBillingPeriod, type BillingPeriod } from '@/catalog/pricing';
import type { ServiceId } from '@/catalog/services';

export interface Configuration {
  period: BillingPeriod;
  storage: boolean;
  security: boolean;
  marketing: boolean;
  /** The answer to "Do you have an application to trade in?" */
  tradeIn: boolean;
  /** The platform it runs on; '' until one is chosen. */
  tradeInProvider: TradeInProviderId | '';
}

export const DEFAULT_CONFIGURATION: Configuration = {
  period: 'monthly',
  storage: false,
  security: false,
  marketing: false,
  tradeIn: false,
  tradeInProvider: '',
};

export type ChoicesResult = { ok: true; choices: CheckoutChoices } | { ok: false; missing: 'tradeInProvider' };

export function toCheckoutChoices(service: ServiceId, plan: PricedPlanId, configuration: Configuration): ChoicesResult {
  const { period, storage, security, marketing, tradeIn, tradeInProvider } = configuration;
  if (tradeIn && !tradeInProvider) return { ok: false, missing: 'tradeInProvider' };
  return {
    ok: true,
    choices: { service, plan, period, storage, security, marketing, tradeIn: tradeIn && tradeInProvider ? tradeInProvider : null },
  };
}

const storageKey = (service: string, plan: string) => `leopard:plan-configuration:${service}:${plan}`;

/** The configuration kept for this plan in this tab, or the defaults. Anything unreadable is
 *  ignored field by field: stored data is never trusted. */
export function loadConfiguration(service: string, plan: string): Configuration {
  let stored: unknown = null;
  try {
    stored = JSON.parse(window.sessionStorage.getItem(storageKey(service, plan)) ?? 'null');
  } catch {
    return DEFAULT_CONFIGURATION;
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_CONFIGURATION;
  const value = stored as Record<string, unknown>;
  const flag = (key: 'storage' | 'security' | 'marketing' | 'tradeIn') =>
    typeof value[key] === 'boolean' ? (value[key] as boolean) : DEFAULT_CONFIGURATION[key];
  return {
    period: isBillingPeriod(value.period) ? value.period : DEFAULT_CONFIGURATION.period,
    storage: flag('storage'),
    security: flag('security'),
    marketing: flag('marketing'),
    tradeIn: flag('tradeIn'),
    tradeInProvider: isTradeInProvider(value.tradeInProvider) ? value.tradeInProvider : '',
  };
}

export function saveConfiguration(service: string, plan: string, configuration: Configuration): void {
  try {
    window.sessionStorage.setItem(storageKey(service, plan), JSON.stringify(configuration));
  } catch {
    // Storage full or blocked (private mode): the page still works, it just will not remember.
  }
}
