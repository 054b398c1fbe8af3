import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIGURATION, loadConfiguration, saveConfiguration, toCheckoutChoices } from './configuration';

beforeEach(() => window.sessionStorage.clear());

describe('toCheckoutChoices', () => {
  it('turns the answers into the checkout choices', () => {
    expect(
      toCheckoutChoices('websites', 'gold', {
        ...DEFAULT_CONFIGURATION,
        period: 'yearly',
        marketing: true,
        tradeIn: true,
        tradeInProvider: 'shopify',
      }),
    ).toEqual({
      ok: true,
      choices: {
        service: 'websites',
        plan: 'gold',
        period: 'yearly',
        storage: false,
        security: false,
        marketing: true,
        tradeIn: 'shopify',
      },
    });
  });

  it('sends no platform when the answer is No, whatever was picked before', () => {
    const result = toCheckoutChoices('websites', 'gold', { ...DEFAULT_CONFIGURATION, tradeIn: false, tradeInProvider: 'wix' });
    expect(result.ok && result.choices.tradeIn).toBeNull();
  });

  it('needs a platform when the answer is Yes', () => {
    expect(toCheckoutChoices('websites', 'gold', { ...DEFAULT_CONFIGURATION, tradeIn: true })).toEqual({
      ok: false,
      missing: 'tradeInProvider',
    });
  });
});

describe('the remembered configuration', () => {
  it('comes back for the same service and plan only', () => {
    const chosen = {
      ...DEFAULT_CONFIGURATION,
      period: 'yearly' as const,
      storage: true,
      tradeIn: true,
      tradeInProvider: 'developer_ade' as const,
    };
    saveConfiguration('websites', 'earth', chosen);
    expect(loadConfiguration('websites', 'earth')).toEqual(chosen);
    expect(loadConfiguration('mobile_apps', 'earth')).toEqual(DEFAULT_CONFIGURATION);
  });

  it('ignores what it cannot read, field by field', () => {
    window.sessionStorage.setItem(
      'leopard:plan-configuration:websites:earth',
      JSON.stringify({ period: 'weekly', storage: 'yes', security: true, tradeInProvider: 'myspace' }),
    );
    expect(loadConfiguration('websites', 'earth')).toEqual({ ...DEFAULT_CONFIGURATION, security: true });
    window.sessionStorage.setItem('leopard:plan-configuration:websites:earth', '{not json');
    expect(loadConfiguration('websites', 'earth')).toEqual(DEFAULT_CONFIGURATION);
  });
});
