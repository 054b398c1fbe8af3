// users/<uid>/phoneNumber holds one format, E.164 (src/data/phone-number.ts,
// docs/decisions/0085-one-phone-model.md): what the sign-up form and the profile write is
// accepted, every other spelling of a number is refused, and records written before (legacy
// "+1 6195550199") stay editable until their number is saved again.
import { describe, expect, test } from 'vitest';
import { ref, set, update } from 'firebase/database';
import { E164_PATTERN, toStoredPhoneNumber } from '../../src/data/phone-number';
import { OWNER_UID, accountEmail, expectAllowed, fullUser, named, parseRules, useRulesHarness, type RulesNode } from './rules.testing';

const RECORD = `users/${OWNER_UID}`;
const h = useRulesHarness('users-phone');
const owner = () => h().user(OWNER_UID, { email: accountEmail(OWNER_UID), email_verified: true });

/** What the app stores, from the phone model itself. */
const STORED = [
  toStoredPhoneNumber({ country: 'US', national: '(619) 555-0199' }),
  toStoredPhoneNumber({ country: 'GB', national: '020 7946 0958' }),
  toStoredPhoneNumber({ country: 'DE', national: '030 901820' }),
  toStoredPhoneNumber({ country: 'NU', national: '4002' }),
] as string[];

const CASES = [
  ...STORED.map((value) => ({ name: `"${value}" (E.164, as the app stores it) → allowed`, value, allowed: true })),
  { name: '"+123456789012345" (15 digits, the E.164 maximum) → allowed', value: '+123456789012345', allowed: true },
  ...[
    ['"+1 6195550199" (the old sign-up format)', '+1 6195550199'],
    ['"6195550199" (no dial code)', '6195550199'],
    ['"16195550199" (no plus)', '16195550199'],
    ['"+1 (619) 555-0199" (formatted)', '+1 (619) 555-0199'],
    ['"+1 619 555 0199" (international format, as shown)', '+1 619 555 0199'],
    ['"+44 20 7946 0958" (spaces)', '+44 20 7946 0958'],
    ['"+1-619-555-0199" (dashes)', '+1-619-555-0199'],
    ['"+06195550199" (calling codes never start with 0)', '+06195550199'],
    ['"+123456" (too short)', '+123456'],
    ['"+1234567890123456" (16 digits)', '+1234567890123456'],
    ['"+16195550199 " (a trailing space)', '+16195550199 '],
    ['"+1619555O199" (a letter O)', '+1619555O199'],
  ].map(([label, value]) => ({ name: `${label} → denied`, value: value!, allowed: false })),
  { name: 'the number 16195550199 → denied', value: 16195550199, allowed: false },
];

describe('phoneNumber is stored as E.164', () => {
  test('every case agrees with E164_PATTERN, the app’s own check', () => {
    for (const c of CASES) if (typeof c.value === 'string') expect(E164_PATTERN.test(c.value), c.name).toBe(c.allowed);
    for (const value of STORED) expect(value).toMatch(E164_PATTERN);
  });

  test('database.rules.json spells the same pattern', () => {
    const users = parseRules().rules.users as RulesNode;
    const phone = (users.$uid as RulesNode).phoneNumber as RulesNode;
    expect(String(phone['.validate'])).toContain(`newData.val().matches(/${E164_PATTERN.source}/)`);
  });

  test.for(named(CASES))('changing it to %s', async ([, { value, allowed }]) => {
    await h().seed({ [RECORD]: { ...fullUser(true), phoneNumber: '+16195550100' } });
    await expectAllowed(set(ref(owner(), `${RECORD}/phoneNumber`), value), allowed);
    expect(await h().peek(`${RECORD}/phoneNumber`)).toBe(allowed ? value : '+16195550100');
  });

  test('signing up with an E.164 number → allowed; with the old "+1 6195550199" → denied', async () => {
    await expectAllowed(set(ref(owner(), RECORD), { ...fullUser(true), phoneNumber: '+1 6195550199' }), false);
    expect(await h().peek(RECORD)).toBeNull();
    await expectAllowed(set(ref(owner(), RECORD), { ...fullUser(true), phoneNumber: '+16195550199' }), true);
  });
});

describe('a legacy record with "+1 6195550199"', () => {
  const legacy = () => ({ ...fullUser(true), phoneNumber: '+1 6195550199' });

  test('other fields can still be edited (an unchanged number is not validated again) → allowed', async () => {
    await h().seed({ [RECORD]: legacy() });
    await expectAllowed(update(ref(owner(), RECORD), { firstName: 'Grace', address: '3 New Road' }), true);
    expect(await h().peek(RECORD)).toEqual({ ...legacy(), firstName: 'Grace', address: '3 New Road' });
  });

  test('saving its number again as the profile does, in E.164 → allowed', async () => {
    await h().seed({ [RECORD]: legacy() });
    await expectAllowed(update(ref(owner(), RECORD), { phoneNumber: '+16195550199' }), true);
    expect(await h().peek(`${RECORD}/phoneNumber`)).toBe('+16195550199');
  });

  test('writing it back in the old format → denied', async () => {
    await h().seed({ [RECORD]: { ...legacy(), phoneNumber: '+16195550199' } });
    await expectAllowed(update(ref(owner(), RECORD), { phoneNumber: '+1 6195550199' }), false);
  });
});
