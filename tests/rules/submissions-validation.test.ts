// The record database.rules.json documents for submissions/{contact,waitlist,preorder}/<id>:
// required fields, unknown fields, limits and patterns from src/config/data-limits.ts, createdAt
// the server's time, page. Only the `submitForm` function writes records (with admin access, after
// its own checks of the same limits: src/data/submission-fields.ts), so the schema is
// tested on the rules with those records opened for writing (writableSubmissionsRules); that no
// browser can write one is submissions-access.test.ts and submissions-quota.test.ts.
import { describe, expect, test } from 'vitest';
import { push, ref, serverTimestamp, set } from 'firebase/database';
import { SUBMISSION_KINDS, TEXT_LIMITS } from '../../src/config/data-limits';
import {
  useRulesHarness,
  writableSubmissionsRules,
  emailOfLength,
  expectAllowed,
  named,
  pageOfLength,
  validSubmission,
  type SubmissionKind,
  bad,
  ok,
  x,
  type FieldCase,
} from './rules.testing';
import { EMAIL_CASES, PHONE_CASES } from './patterns.testing';

const h = useRulesHarness('submissions-validation', JSON.stringify(writableSubmissionsRules()));

const REQUIRED: Record<SubmissionKind, string[]> = {
  contact: ['name', 'email', 'phone', 'city', 'message', 'createdAt', 'page'],
  waitlist: ['full__name', 'email', 'createdAt', 'page'],
  preorder: ['full__name', 'email', 'createdAt', 'page'],
};

/** Writes a record at a new key of its list, as the function does. */
async function submit(kind: SubmissionKind, record: Record<string, unknown>): Promise<void> {
  const db = h().as('owner');
  await set(ref(db, `submissions/${kind}/${push(ref(db, `submissions/${kind}`)).key!}`), record);
}

function textCases(max: number): FieldCase[] {
  return [
    ok('one character', 'A'),
    ok(`exactly the limit (${max} characters)`, x(max)),
    bad(`one over the limit (${max + 1} characters)`, x(max + 1)),
    bad('an empty string', ''),
    bad('a number', 42),
    bad('an object', { text: 'A' }),
  ];
}

const COMMON: Record<string, FieldCase[]> = {
  email: [
    ok(`exactly the limit (${TEXT_LIMITS.email} characters)`, emailOfLength(TEXT_LIMITS.email)),
    bad(`one over the limit (${TEXT_LIMITS.email + 1} characters)`, emailOfLength(TEXT_LIMITS.email + 1)),
    bad('a number', 42),
    ...EMAIL_CASES.map((c) => ({ label: `pattern: ${c.label}`, value: c.value, allowed: c.accepted })),
  ],
  createdAt: [
    ok('serverTimestamp()', serverTimestamp()),
    bad('a client time a minute ago', Date.now() - 60_000),
    bad('a client time a minute ahead', Date.now() + 60_000),
    bad('an ISO string', new Date().toISOString()),
    bad('0', 0),
  ],
  page: [
    ok('"/"', '/'),
    ok('"/contact"', '/contact'),
    ok(`exactly the limit (${TEXT_LIMITS.page} characters)`, pageOfLength(TEXT_LIMITS.page)),
    bad(`one over the limit (${TEXT_LIMITS.page + 1} characters)`, pageOfLength(TEXT_LIMITS.page + 1)),
    bad('without the leading slash', 'contact'),
    bad('a full URL', 'https://example.com/contact'),
    bad('an empty string', ''),
    bad('a number', 1),
  ],
};

const FIELD_CASES: Record<SubmissionKind, Record<string, FieldCase[]>> = {
  contact: {
    name: textCases(TEXT_LIMITS.fullName),
    phone: [
      ok(`exactly the minimum (${TEXT_LIMITS.phoneMin} digits)`, '1'.repeat(TEXT_LIMITS.phoneMin)),
      bad(`one under the minimum (${TEXT_LIMITS.phoneMin - 1} digits)`, '1'.repeat(TEXT_LIMITS.phoneMin - 1)),
      ok(`exactly the limit (${TEXT_LIMITS.phone} digits)`, '1'.repeat(TEXT_LIMITS.phone)),
      bad(`one over the limit (${TEXT_LIMITS.phone + 1} digits)`, '1'.repeat(TEXT_LIMITS.phone + 1)),
      bad('a number', 5551234567),
      ...PHONE_CASES.map((c) => ({ label: `pattern: ${c.label}`, value: c.value, allowed: c.accepted })),
    ],
    city: textCases(TEXT_LIMITS.city),
    message: textCases(TEXT_LIMITS.message),
    ...COMMON,
  },
  waitlist: { full__name: textCases(TEXT_LIMITS.fullName), ...COMMON },
  preorder: { full__name: textCases(TEXT_LIMITS.fullName), ...COMMON },
};

test('the tests cover every kind of data-limits.ts SUBMISSION_KINDS', () => {
  expect(Object.keys(FIELD_CASES).sort()).toEqual([...SUBMISSION_KINDS].sort());
});

describe.for([...SUBMISSION_KINDS])('submissions/%s', (kind) => {
  test('a valid record → allowed, stored as written with the server time', async () => {
    await expectAllowed(submit(kind, validSubmission(kind)), true);
    const stored = (await h().peek(`submissions/${kind}`)) as Record<string, Record<string, unknown>>;
    const records = Object.values(stored);
    expect(records).toHaveLength(1);
    expect(records[0]).toEqual({ ...validSubmission(kind), createdAt: expect.any(Number) as unknown });
  });

  test.for(REQUIRED[kind])('without %s → denied', async (field) => {
    const record = validSubmission(kind);
    delete record[field];
    await expectAllowed(submit(kind, record), false);
    expect(await h().peek(`submissions/${kind}`)).toBeNull();
  });

  const unknown = kind === 'contact' ? ['full__name', 'subject', 'uid'] : ['name', 'fullName', 'full_name', 'phone'];
  test.for(unknown)('with the unknown field %s → denied', async (field) => {
    await expectAllowed(submit(kind, { ...validSubmission(kind), [field]: 'value' }), false);
  });

  test('only one field written into a new id → denied', async () => {
    await expectAllowed(set(ref(h().as('owner'), `submissions/${kind}/new-id/email`), 'ada@example.com'), false);
  });

  const cells = Object.entries(FIELD_CASES[kind]).flatMap(([field, list]) =>
    list.map((c) => ({ name: `${field}: ${c.label} → ${c.allowed ? 'allowed' : 'denied'}`, field, ...c })),
  );
  test.for(named(cells))('%s', async ([, { field, value, allowed }]) => {
    await expectAllowed(submit(kind, { ...validSubmission(kind), [field]: value }), allowed);
  });
});
