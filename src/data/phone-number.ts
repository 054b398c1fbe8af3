/**
 * The phone number of users/{uid} (docs/product.md#user-record: "phoneNumber (dial code plus digits)"), one model
 * for the sign-up form and the profile.
 *
 * - Stored as E.164: "+", the country calling code and the national number, nothing else
 *   ("+16195550199", "+442079460958"). One unambiguous form keeps the dial code with the number,
 *   whoever wrote it; database.rules.json refuses anything else (E164_PATTERN).
 * - Older records are still read: "+1 6195550199" (the sign-up form's format before
 *   docs/decisions/0085-one-phone-model.md) and
 *   bare national digits ("6195550100", the legacy phone_number), taken in the record's country or
 *   the United States. Saving rewrites them as E.164.
 * - Shown in international format: "+1 619 555 0199".
 * - Edited as a country and the national number.
 * - Valid when libphonenumber-js says so for the country; for +1 (US, Canada and the rest of the
 *   North American Numbering Plan) the national number must also be exactly 10 digits, the spec's
 *   "exactly 10 characters" rule (docs/product.md#profile-settings), formatting characters aside.
 */
import { parseDigits, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY_CODE, dialCodeOf, isCountryCode, type CountryCode } from './countries';

/** What users/{uid}/phoneNumber must look like (database.rules.json has the same pattern): E.164
 *  allows at most 15 digits; the shortest numbers in use (Niue, Saint Helena) have 7. */
export const E164_PATTERN = /^\+[1-9][0-9]{6,14}$/;

/** The North American Numbering Plan's calling code, and the length of its national numbers. */
const NANP_DIAL_CODE = '+1';
export const NANP_NATIONAL_LENGTH = 10;

/** The number as a country and what is dialled within it: what the edit fields hold. */
export interface PhoneInput {
  country: CountryCode;
  /** The national number, digits only, without the trunk prefix ("6195550199", "2079460958"). */
  national: string;
}

/** The stored value as a number, or undefined when it is not one. `country` (the record's, when it
 *  has one) places a number stored without its dial code. */
export function readPhoneNumber(stored: string, country?: string): PhoneNumber | undefined {
  const defaultCountry = isCountryCode(country) ? country : DEFAULT_COUNTRY_CODE;
  return parsePhoneNumberFromString(stored.trim(), { defaultCountry, extract: false });
}

/** For display: "+1 619 555 0199"; a value that is not a number is shown as it is. */
export function formatPhoneNumber(stored: string, country?: string): string {
  return readPhoneNumber(stored, country)?.formatInternational() ?? stored.trim();
}

/** The edit fields' starting values. The number's own country wins; a number whose country is
 *  unclear (shared calling code, unknown range) keeps the record's country when it dials the same
 *  code, else the calling code's main country. */
export function phoneForEditing(stored: string, country?: string): PhoneInput {
  const fallback = isCountryCode(country) ? country : DEFAULT_COUNTRY_CODE;
  const parsed = readPhoneNumber(stored, fallback);
  if (!parsed) return { country: fallback, national: stored.trim() };
  const possible = parsed.getPossibleCountries();
  const chosen = parsed.country ?? (possible.includes(fallback) ? fallback : possible[0]) ?? fallback;
  return { country: chosen, national: parsed.nationalNumber };
}

/** The number typed for a country, or undefined when it is not a valid one. A number typed with
 *  its own "+" dial code counts as that number, whatever the country chosen. */
export function parsePhoneInput({ country, national }: PhoneInput): PhoneNumber | undefined {
  const typed = national.trim();
  const parsed = parsePhoneNumberFromString(typed, { defaultCountry: country, extract: false });
  // E.164 has no room for an extension; dropping it silently would lose what the person typed.
  if (!parsed?.isValid() || parsed.ext) return undefined;
  if (!typed.startsWith('+') && dialCodeOf(country) === NANP_DIAL_CODE && parseDigits(typed).length !== NANP_NATIONAL_LENGTH) {
    return undefined;
  }
  return parsed;
}

export function isValidPhoneInput(input: PhoneInput): boolean {
  return parsePhoneInput(input) !== undefined;
}

/** The value to store ("+16195550199"), or undefined when the input is not a valid number. */
export function toStoredPhoneNumber(input: PhoneInput): string | undefined {
  return parsePhoneInput(input)?.number;
}
