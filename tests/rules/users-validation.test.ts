// Validation of users/<uid>: the fields, their types, limits and patterns (numbers and patterns
// from src/config/data-limits.ts), required fields on create, unknown fields, legacy records, and
// email and emailVerified against the caller's token. Every write is made by the owner (alice).
import { describe, expect, test } from 'vitest';
import { ref, remove, set, update } from 'firebase/database';
import { MONTHS, TEXT_LIMITS, VERIFICATION_METHODS } from '../../src/config/data-limits';
import {
  CREATED_AT_ISO,
  OTHER_UID,
  OWNER_UID,
  accountEmail,
  useRulesHarness,
  emailOfLength,
  expectAllowed,
  named,
  fullUser,
  legacyUser,
  minimalUser,
  type Claims,
  bad,
  ok,
  x,
  type FieldCase,
} from './rules.testing';
import { EMAIL_CASES, STORED_PHONE_CASES, checkCandidates } from './patterns.testing';

const RECORD = `users/${OWNER_UID}`;
const EMAIL = accountEmail(OWNER_UID);
const VERIFIED: Claims = { email: EMAIL, email_verified: true };
const UNVERIFIED: Claims = { email: EMAIL, email_verified: false };
const NO_CLAIM: Claims = { email: EMAIL };

const h = useRulesHarness('users-validation');

const owner = (claims: Claims = VERIFIED) => h().user(OWNER_UID, claims);
const without = (record: Record<string, unknown>, field: string) => {
  const copy = { ...record };
  delete copy[field];
  return copy;
};

/** A string field with a length range. */
function textCases(min: number, max: number): FieldCase[] {
  return [
    ok('a short value', 'Ada'),
    ok(`exactly the limit (${max} characters)`, x(max)),
    bad(`one over the limit (${max + 1} characters)`, x(max + 1)),
    ...(min >= 1 ? [bad('an empty string', '')] : []),
    bad('a number', 42),
    bad('a boolean', true),
    bad('an object', { value: 'Ada' }),
  ];
}

/** Candidates accepted exactly when `list` (from data-limits.ts) contains them; the list's own
 *  values are always among the candidates. */
function oneOf(list: readonly string[], candidates: string[]): FieldCase[] {
  const all = [...new Set([...list, ...candidates])];
  return all.map((v) => ({ label: `"${v}"`, value: v, allowed: list.includes(v) }));
}

const isoOfLength = (n: number) => `2026-11-22T04:30:00.${'0'.repeat(n - 21)}Z`;

const FIELD_CASES: Record<string, FieldCase[]> = {
  firstName: textCases(1, TEXT_LIMITS.personName),
  lastName: textCases(1, TEXT_LIMITS.personName),
  email: [
    ok(`exactly the limit (${TEXT_LIMITS.email} characters)`, emailOfLength(TEXT_LIMITS.email)),
    bad(`one over the limit (${TEXT_LIMITS.email + 1} characters)`, emailOfLength(TEXT_LIMITS.email + 1)),
    bad('an empty string', ''),
    bad('a number', 42),
    bad('an object', { address: 'ada@example.com' }),
    ...EMAIL_CASES.map((c) => ({ label: `pattern: ${c.label}`, value: c.value, allowed: c.accepted })),
  ],
  // E.164 (src/data/phone-number.ts); tests/rules/users-phone.test.ts has the legacy cases.
  phoneNumber: [
    ok('the E.164 minimum (7 digits)', `+${'1'.repeat(7)}`),
    bad('one digit under it', `+${'1'.repeat(6)}`),
    ok('the E.164 maximum (15 digits)', `+${'1'.repeat(15)}`),
    bad('one digit over it', `+${'1'.repeat(16)}`),
    bad('a number', 16195550199),
    bad('an empty string', ''),
    ...STORED_PHONE_CASES.map((c) => ({ label: `pattern: ${c.label}`, value: c.value, allowed: c.accepted })),
  ],
  address: textCases(1, TEXT_LIMITS.address),
  country: [
    ok('"US"', 'US'),
    ok('"GB"', 'GB'),
    bad('lower case "us"', 'us'),
    bad('mixed case "Us"', 'Us'),
    bad('three letters "USA"', 'USA'),
    bad('one letter "U"', 'U'),
    bad('a digit "U1"', 'U1'),
    bad('an empty string', ''),
    bad('a number', 1),
  ],
  birthDate: [
    // Whether a month name is accepted is decided by MONTHS (data-limits.ts).
    ...oneOf(MONTHS, ['Smarch', 'Sept']).map((c) => ({
      ...c,
      label: `month ${c.label}`,
      value: `${c.value}/15/1990`,
    })),
    ok('day 1', 'March/1/2000'),
    ok('day 31', 'March/31/2000'),
    ok('day 31 in a 30-day month (the form offers 1..31 for every month)', 'April/31/2000'),
    bad('day 0', 'March/0/2000'),
    bad('day 32', 'March/32/2000'),
    bad('a leading zero "05"', 'March/05/2000'),
    bad('a lower-case month', 'march/5/2000'),
    bad('an abbreviated month', 'Mar/5/2000'),
    bad('an unknown month', 'Smarch/5/2000'),
    bad('a month number', '3/5/2000'),
    bad('a two-digit year', 'March/5/00'),
    bad('a five-digit year', 'March/5/20000'),
    bad('dashes', 'March-5-2000'),
    bad('ISO order', '2000-03-05'),
    bad('a leading space', ' March/5/2000'),
    bad('a trailing space', 'March/5/2000 '),
    bad('no day', 'March//2000'),
    bad('a number', 20000305),
  ],
  verificationMethod: [
    // Whether a method is accepted is decided by VERIFICATION_METHODS (data-limits.ts).
    ...oneOf(VERIFICATION_METHODS, ['text', 'call', 'email', 'sms', 'whatsapp']),
    bad('"Text" (case)', 'Text'),
    bad('an empty string', ''),
    bad('a boolean', true),
  ],
  receiveAnnouncements: [ok('true', true), ok('false', false), bad('"true"', 'true'), bad('1', 1)],
  receiveAppsMusicTV: [ok('true', true), ok('false', false), bad('"false"', 'false'), bad('0', 0)],
  createdAt: [
    ok(`${CREATED_AT_ISO}`, CREATED_AT_ISO),
    ok('new Date().toISOString()', new Date().toISOString()),
    ok('without fraction', '2026-11-22T04:30:00Z'),
    ok('exactly 40 characters', isoOfLength(40)),
    bad('41 characters', isoOfLength(41)),
    bad('a date only', '2026-11-22'),
    bad('no Z', '2026-11-22T04:30:00.000'),
    bad('an offset instead of Z (UTC only)', '2026-11-22T04:30:00.000+01:00'),
    bad('a space instead of T', '2026-11-22 04:30:00.000Z'),
    bad('month 13', '2026-13-22T04:30:00.000Z'),
    bad('day 32', '2026-11-32T04:30:00.000Z'),
    bad('hour 24', '2026-11-22T24:30:00.000Z'),
    bad('words', 'yesterday'),
    bad('a number (milliseconds)', 1_795_000_000_000),
  ],
};

describe('each field (the owner edits one field of an existing record)', () => {
  const cells = Object.entries(FIELD_CASES).flatMap(([field, list]) =>
    list.map((c) => ({ name: `${field}: ${c.label} → ${c.allowed ? 'allowed' : 'denied'}`, field, ...c })),
  );
  test.for(named(cells))('%s', async ([, { field, value, allowed }]) => {
    await h().seed({ [RECORD]: fullUser(true) });
    // The email's shape and length are tested by an account whose own address is the candidate
    // (the profile's email must equal the account's: see the next describe).
    const claims = field === 'email' && typeof value === 'string' ? { ...VERIFIED, email: value } : VERIFIED;
    await expectAllowed(set(ref(owner(claims), `${RECORD}/${field}`), value), allowed);
    expect(await h().peek(`${RECORD}/${field}`)).toEqual(allowed ? value : fullUser(true)[field]);
  });

  test('the pattern candidates cover both sides of each data-limits.ts pattern', () => {
    expect(checkCandidates()).toEqual([]);
  });
});

describe("the profile's email is the signed-in account's own address", () => {
  const cases = [
    { name: 'the account’s own address → allowed', value: EMAIL, allowed: true },
    { name: 'someone else’s address → denied', value: accountEmail(OTHER_UID), allowed: false },
    { name: 'the account’s address in other letter case → denied', value: EMAIL.toUpperCase(), allowed: false },
    { name: 'the account’s address with a trailing space → denied', value: `${EMAIL} `, allowed: false },
  ];
  test.for(named(cases))('changing it to %s', async ([, { value, allowed }]) => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(set(ref(owner(), `${RECORD}/email`), value), allowed);
    expect(await h().peek(`${RECORD}/email`)).toBe(allowed ? value : EMAIL);
  });

  test('signing up with someone else’s address → denied, nothing stored', async () => {
    await expectAllowed(set(ref(owner(), RECORD), { ...fullUser(true), email: accountEmail(OTHER_UID) }), false);
    expect(await h().peek(RECORD)).toBeNull();
  });

  test('an account without an email in its token cannot set one → denied', async () => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(set(ref(owner({ email_verified: false }), `${RECORD}/email`), EMAIL), false);
  });
});

describe('creating a record', () => {
  test('the minimal record (firstName, lastName, email, createdAt) → allowed', async () => {
    await expectAllowed(set(ref(owner(), RECORD), minimalUser()), true);
    expect(await h().peek(RECORD)).toEqual(minimalUser());
  });

  test('the full sign-up record → allowed', async () => {
    await expectAllowed(set(ref(owner(), RECORD), fullUser(true)), true);
  });

  test('the full sign-up record through update() → allowed', async () => {
    await expectAllowed(update(ref(owner(), RECORD), fullUser(true)), true);
  });

  test.for(['firstName', 'lastName', 'email', 'createdAt'])('without %s → denied', async (field) => {
    await expectAllowed(set(ref(owner(), RECORD), without(fullUser(true), field)), false);
    expect(await h().peek(RECORD)).toBeNull();
  });

  test('a single field on a record that does not exist → denied', async () => {
    await expectAllowed(set(ref(owner(), `${RECORD}/address`), '1 Main Street'), false);
  });

  test('an invalid field in an otherwise valid new record → denied', async () => {
    await expectAllowed(set(ref(owner(), RECORD), { ...minimalUser(), country: 'usa' }), false);
  });

  test('a user creating a record under another uid → denied', async () => {
    await expectAllowed(set(ref(owner(), 'users/bob'), minimalUser()), false);
  });
});

describe('unknown fields', () => {
  const unknown = ['nickname', 'first_name', 'last_name', 'phone_number', 'FirstName', 'password', 'isAdmin'];

  test.for(unknown)('creating a record with %s → denied', async (field) => {
    await expectAllowed(set(ref(owner(), RECORD), { ...minimalUser(), [field]: 'value' }), false);
  });

  test.for(unknown)('adding %s to an existing record → denied', async (field) => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(set(ref(owner(), `${RECORD}/${field}`), 'value'), false);
  });

  test('a nested unknown child under a known field → denied', async () => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(set(ref(owner(), `${RECORD}/address/line2`), 'Flat 3'), false);
  });
});

describe('editing an existing record', () => {
  test('several fields at once with update() → allowed', async () => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(update(ref(owner(), RECORD), { firstName: 'Augusta', phoneNumber: '+442079460958' }), true);
    expect(await h().peek(RECORD)).toEqual({ ...fullUser(true), firstName: 'Augusta', phoneNumber: '+442079460958' });
  });

  test('one valid and one invalid field in one update() → denied as a whole', async () => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(update(ref(owner(), RECORD), { firstName: 'Augusta', country: 'usa' }), false);
    expect(await h().peek(RECORD)).toEqual(fullUser(true));
  });

  test('deleting a required field (email) of an existing record → allowed (deletes are not validated)', async () => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(remove(ref(owner(), `${RECORD}/email`)), true);
    expect(await h().peek(RECORD)).toEqual(without(fullUser(true), 'email'));
  });

  test('deleting the last remaining field (which deletes the record) → denied', async () => {
    await h().seed({ [RECORD]: { address: '1 Main Street' } });
    await expectAllowed(remove(ref(owner(), `${RECORD}/address`)), false);
  });

  test('deleting the whole record with update({uid: null}) on users → denied', async () => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(update(ref(owner(), 'users'), { [OWNER_UID]: null }), false);
    expect(await h().peek(RECORD)).toEqual(fullUser(true));
  });

  test('replacing the record with set() of a valid record → allowed', async () => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(set(ref(owner(), RECORD), minimalUser()), true);
  });
});

describe('legacy snake_case records', () => {
  test('editing the address of a legacy record → allowed', async () => {
    await h().seed({ [RECORD]: legacyUser() });
    await expectAllowed(set(ref(owner(), `${RECORD}/address`), '3 New Road'), true);
    expect(await h().peek(RECORD)).toEqual({ ...legacyUser(), address: '3 New Road' });
  });

  test('adding camelCase names and a phoneNumber to a legacy record with update() → allowed', async () => {
    await h().seed({ [RECORD]: legacyUser() });
    await expectAllowed(update(ref(owner(), RECORD), { firstName: 'Grace', lastName: 'Hopper', phoneNumber: '+16195550123' }), true);
  });

  test('deleting a legacy field (phone_number) → allowed', async () => {
    await h().seed({ [RECORD]: legacyUser() });
    await expectAllowed(remove(ref(owner(), `${RECORD}/phone_number`)), true);
  });

  test.for(['first_name', 'last_name', 'phone_number'])('writing the legacy field %s → denied', async (field) => {
    await h().seed({ [RECORD]: legacyUser() });
    await expectAllowed(set(ref(owner(), `${RECORD}/${field}`), field === 'phone_number' ? '5559876543' : 'Amazing'), false);
    expect(await h().peek(RECORD)).toEqual(legacyUser());
  });
});

describe('emailVerified must equal the token email_verified claim', () => {
  const cells = [
    { token: 'a verified token', claims: VERIFIED, value: true, allowed: true },
    { token: 'a verified token', claims: VERIFIED, value: false, allowed: false },
    { token: 'an unverified token', claims: UNVERIFIED, value: true, allowed: false },
    { token: 'an unverified token', claims: UNVERIFIED, value: false, allowed: true },
    { token: 'a token without the claim', claims: NO_CLAIM, value: true, allowed: false },
    { token: 'a token without the claim', claims: NO_CLAIM, value: false, allowed: true },
    { token: 'a verified token', claims: VERIFIED, value: 'true', allowed: false },
    { token: 'a verified token', claims: VERIFIED, value: 1, allowed: false },
  ].map((c) => ({ ...c, name: `emailVerified = ${JSON.stringify(c.value)} with ${c.token} → ${c.allowed ? 'allowed' : 'denied'}` }));

  test.for(named(cells))('%s', async ([, { claims, value, allowed }]) => {
    await h().seed({ [RECORD]: fullUser(false) });
    await expectAllowed(set(ref(owner(claims), `${RECORD}/emailVerified`), value), allowed);
  });

  test('sign-up claiming emailVerified: true with an unverified token → denied', async () => {
    await expectAllowed(set(ref(owner(UNVERIFIED), RECORD), fullUser(true)), false);
  });

  test('sign-up with emailVerified: false with an unverified token → allowed', async () => {
    await expectAllowed(set(ref(owner(UNVERIFIED), RECORD), fullUser(false)), true);
  });

  test('an unverified user editing another field keeps a stored emailVerified: true → allowed', async () => {
    await h().seed({ [RECORD]: fullUser(true) });
    await expectAllowed(set(ref(owner(UNVERIFIED), `${RECORD}/address`), '4 Other Street'), true);
  });
});
