import { describe, expect, it } from 'vitest';
import { isServiceId, SERVICE_IDS, SERVICE_LABELS } from './services';

describe('services', () => {
  it('has the nine product types of the spec with their labels', () => {
    expect(SERVICE_IDS).toHaveLength(9);
    expect(SERVICE_LABELS.websites).toBe('Web Apps');
    expect(SERVICE_LABELS.software_saas).toBe('Software & SaaS');
    expect(SERVICE_LABELS.ecommerce_magento).toBe('Ecommerce & Magento');
    expect(SERVICE_LABELS.artifical_intelligence).toBe('Artificial Intelligence');
  });

  it('knows the stored spelling and nothing else', () => {
    expect(isServiceId('artifical_intelligence')).toBe(true);
    expect(isServiceId('artificial_intelligence')).toBe(false);
    expect(isServiceId('seo')).toBe(false);
    expect(isServiceId(undefined)).toBe(false);
  });
});
