import { describe, expect, it } from 'vitest';
import {
  E164_PATTERN,
  formatPhoneNumber,
  isValidPhoneInput,
  phoneForEditing,
  readPhoneNumber,
  toStoredPhoneNumber,
  type PhoneInput,
} from './phone-number';

describe('stored format', () => {
  it.each([
    ['a US number typed as 10 digits', { country: 'US', national: '6195550199' }, '+16195550199'],
    ['a US number with spaces, dashes and brackets', { country: 'US', national: '(619) 555-0199' }, '+16195550199'],
    ['a US number with dots', { country: 'US', national: '619.555.0199' }, '+16195550199'],
    ['a Canadian number', { country: 'CA', national: '416 555 0123' }, '+14165550123'],
    ['a UK number with its trunk 0', { country: 'GB', national: '020 7946 0958' }, '+442079460958'],
    ['a UK number without the trunk 0', { country: 'GB', national: '20 7946 0958' }, '+442079460958'],
    ['a German number', { country: 'DE', national: '030 901820' }, '+4930901820'],
    ['a number typed with its own dial code', { country: 'US', national: '+44 20 7946 0958' }, '+442079460958'],
  ] satisfies [string, PhoneInput, string][])('stores %s as E.164', (_, input, stored) => {
    expect(toStoredPhoneNumber(input)).toBe(stored);
    expect(stored).toMatch(E164_PATTERN);
  });

  it.each([
    ['empty', { country: 'US', national: '' }],
    ['9 US digits', { country: 'US', national: '619555014' }],
    ['11 US digits', { country: 'US', national: '61955501423' }],
    ['11 US digits starting with the country code (the spec wants 10)', { country: 'US', national: '16195550199' }],
    ['letters', { country: 'US', national: 'abcdefghij' }],
    ['digits and letters', { country: 'US', national: '55501420ab' }],
    ['a vanity number', { country: 'US', national: '619-CALL-ME' }],
    ['10 digits that are no US number', { country: 'US', national: '1234567890' }],
    ['an extension (E.164 has no room for it)', { country: 'US', national: '6195550199 ext 2' }],
    ['a UK number too short', { country: 'GB', national: '020 7946' }],
    ['a US number under the UK', { country: 'GB', national: '6195550199' }],
  ] satisfies [string, PhoneInput][])('refuses %s', (_, input) => {
    expect(isValidPhoneInput(input)).toBe(false);
    expect(toStoredPhoneNumber(input)).toBeUndefined();
  });

  it('E164_PATTERN accepts 7 to 15 digits after a plus, and nothing else', () => {
    for (const ok of ['+16195550199', '+442079460958', '+6834002', '+123456789012345']) expect(ok).toMatch(E164_PATTERN);
    for (const bad of ['16195550199', '+1 6195550199', '+1 619-555-0199', '+0123456789', '+123456', '+1234567890123456', '', '+']) {
      expect(bad).not.toMatch(E164_PATTERN);
    }
  });
});

describe('reading stored values, old ones included', () => {
  it.each([
    ['E.164', '+16195550199', undefined, '+1 619 555 0199'],
    ['the old sign-up format "+1 6195550199"', '+1 6195550199', undefined, '+1 619 555 0199'],
    ['bare national digits (legacy phone_number)', '6195550100', undefined, '+1 619 555 0100'],
    ['bare national digits in the record’s country', '02079460958', 'GB', '+44 20 7946 0958'],
    ['a UK number with its dial code', '+44 20 7946 0958', undefined, '+44 20 7946 0958'],
    ['a formatted US number', '+1 (619) 555-0199', undefined, '+1 619 555 0199'],
  ])('shows %s in international format', (_, stored, country, shown) => {
    expect(formatPhoneNumber(stored, country)).toBe(shown);
  });

  it('shows a value that is no number as it is', () => {
    expect(formatPhoneNumber(' call me ')).toBe('call me');
    expect(formatPhoneNumber('')).toBe('');
    expect(readPhoneNumber('call me')).toBeUndefined();
  });
});

describe('editing', () => {
  it.each([
    ['E.164', '+16195550199', undefined, { country: 'US', national: '6195550199' }],
    ['the old "+1 6195550199"', '+1 6195550199', undefined, { country: 'US', national: '6195550199' }],
    ['what the profile shows', '+1 619 555 0199', undefined, { country: 'US', national: '6195550199' }],
    ['bare legacy digits', '6195550100', undefined, { country: 'US', national: '6195550100' }],
    ['a UK number', '+442079460958', undefined, { country: 'GB', national: '2079460958' }],
    ['a Canadian number (its own country, not the default)', '+14165550123', undefined, { country: 'CA', national: '4165550123' }],
    ['a UK number whose range is unknown keeps the +44 country', '+447700900123', 'US', { country: 'GB', national: '7700900123' }],
    ['a Jersey customer’s number of a shared +44 range', '+447700900123', 'JE', { country: 'JE', national: '7700900123' }],
    ['nothing stored: the record’s country', '', 'DE', { country: 'DE', national: '' }],
    ['nothing stored, no country: the United States', '', undefined, { country: 'US', national: '' }],
  ])('pre-fills %s with its country and national number', (_, stored, country, input) => {
    expect(phoneForEditing(stored, country)).toEqual(input);
  });

  it.each(['+16195550199', '+1 6195550199', '6195550199', '+44 20 7946 0958', '+4930901820', '+14165550123'])(
    'saving %s unchanged stores the same number as E.164 (round trip)',
    (stored) => {
      const saved = toStoredPhoneNumber(phoneForEditing(stored));
      expect(saved).toBe(readPhoneNumber(stored)?.number);
      expect(saved).toMatch(E164_PATTERN);
      expect(phoneForEditing(saved!)).toEqual(phoneForEditing(stored));
      expect(formatPhoneNumber(saved!)).toBe(formatPhoneNumber(stored));
    },
  );

  it('a non-US customer keeps their dial code when they change the number', () => {
    const editing = phoneForEditing('+442079460958');
    expect(toStoredPhoneNumber({ ...editing, national: '020 7946 0000' })).toBe('+442079460000');
  });

  it('a US customer typing 10 digits keeps +1', () => {
    expect(toStoredPhoneNumber({ ...phoneForEditing('+1 6195550199'), national: '6195550142' })).toBe('+16195550142');
  });
});
