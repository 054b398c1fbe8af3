/** The country list of the sign-up form and of the profile's phone dialog (docs/product.md#user-record, "Country
 *  list entry"): every region libphonenumber-js has a calling code for (about 245), named by the
 *  browser's own Intl.DisplayNames data, sorted by name. */
import { getCountries, getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js/min';

export type { CountryCode };

export interface Country {
  /** ISO 3166-1 alpha-2 code, e.g. "US". */
  code: CountryCode;
  name: string;
  /** The international calling code with its plus sign, e.g. "+1". */
  dialCode: string;
}

/** docs/product.md#limits: United States, +1. */
export const DEFAULT_COUNTRY_CODE: CountryCode = 'US';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && isSupportedCountry(value);
}

export function dialCodeOf(code: CountryCode): string {
  return `+${getCountryCallingCode(code)}`;
}

export function listCountries(locale = 'en-US'): Country[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, dialCode: dialCodeOf(code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The list before hydration: the default country alone, named by its code. Names come from the
 *  ICU data of whoever renders, and the pre-renderer's (Node) and the browser's differ. */
export function defaultCountryOnly(): Country[] {
  return [{ code: DEFAULT_COUNTRY_CODE, name: DEFAULT_COUNTRY_CODE, dialCode: dialCodeOf(DEFAULT_COUNTRY_CODE) }];
}
