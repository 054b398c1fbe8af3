import { describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_CODE, listCountries } from '@/data/countries';
import { CAPTCHA_LENGTH, captchaMatches, generateCaptchaCode } from './captcha-code';

describe('listCountries', () => {
  const countries = listCountries();

  it('has about 240 entries with a name, a two-letter code and a dial code', () => {
    expect(countries.length).toBeGreaterThanOrEqual(230);
    expect(countries.length).toBeLessThanOrEqual(250);
    for (const country of countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
      expect(country.name).not.toBe('');
    }
  });

  it('is sorted by name and knows the default, United States +1', () => {
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
    expect(countries.find((c) => c.code === DEFAULT_COUNTRY_CODE)).toEqual({ code: 'US', name: 'United States', dialCode: '+1' });
    expect(countries.find((c) => c.code === 'DE')?.dialCode).toBe('+49');
  });
});

describe('captcha code', () => {
  it('is 7 upper-case letters and digits, different each time', () => {
    const codes = new Set(Array.from({ length: 50 }, generateCaptchaCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[A-Z0-9]{${CAPTCHA_LENGTH}}$`));
  });

  it('matches whatever the case', () => {
    expect(captchaMatches(' ab12cd3 ', 'AB12CD3')).toBe(true);
    expect(captchaMatches('AB12CD', 'AB12CD3')).toBe(false);
  });
});
