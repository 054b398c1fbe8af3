// The record database.rules.json documents for submissions/{contact,waitlist,preorder}/<id>:
// required fields, unknown fields, limits and patterns from src/config/data-limits.ts, createdAt
// the server's time, page. Only the `submitForm` function writes records (with admin access, after
// its own checks of the same limits: src/data/submission-fields.ts), so the schema is
// tested on the rules with those records opened for writing (writableSubmissionsRules); that no
// browser can write one is submissions-access.test.ts and submissions-quota.test.ts.
import { describe, expect, test } from 'vitest';
import { push, ref, serverTimestamp, set } from 'firebase/database';
import { SUBMISSION_KINDS, TEXT_LIMITS } from '../../src/config/data-limits';
import { SUBMISSION_INDEX_FIELDS, submissionGroup } from '../../src/data/list-index';
import { SUBMISSION_STATUSES } from '../../src/data/staff';
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

/** What submitForm stores on every record beside the visitor's fields. */
const STATE_AND_KEYS = ['status', ...SUBMISSION_INDEX_FIELDS];
const REQUIRED: Record<SubmissionKind, string[]> = {
  contact: ['name', 'email', 'phone', 'city', 'message', 'createdAt', 'page', ...STATE_AND_KEYS],
  waitlist: ['full__name', 'email', 'createdAt', 'page', ...STATE_AND_KEYS],
  preorder: ['full__name', 'email', 'createdAt', 'page', ...STATE_AND_KEYS],
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
    expect(records[0]).toEqual(validSubmission(kind, { createdAt: expect.any(Number) as unknown }));
  });

  test.for(REQUIRED[kind])('without %s → denied', async (field) => {
    const record = validSubmission(kind);
    delete record[field];
    await expectAllowed(submit(kind, record), false);
    expect(await h().peek(`submissions/${kind}`)).toBeNull();
  });

  const unknown = kind === 'contact' ? ['full__name', 'subject', 'uid'] : ['name', 'fullName', 'full_name', 'phone'];
  test.for(unknown)('with the unknown field %s → denied', async (field) => {
    await expectAllowed(submit(kind, validSubmission(kind, { [field]: 'value' })), false);
  });

  test('only one field written into a new id → denied', async () => {
    await expectAllowed(set(ref(h().as('owner'), `submissions/${kind}/new-id/email`), 'ada@example.com'), false);
  });

  const cells = Object.entries(FIELD_CASES[kind]).flatMap(([field, list]) =>
    list.map((c) => ({ name: `${field}: ${c.label} → ${c.allowed ? 'allowed' : 'denied'}`, field, ...c })),
  );
  test.for(named(cells))('%s', async ([, { field, value, allowed }]) => {
    await expectAllowed(submit(kind, validSubmission(kind, { [field]: value })), allowed);
  });
});

/** The list keys as written beside a record, each forged one way a writer could get wrong: the
 *  console would show the record in another list, state or search than its own. */
function keyCases(kind: SubmissionKind): { label: string; changes: Record<string, unknown>; allowed: boolean }[] {
  const g = submissionGroup(kind);
  const [first, other] = SUBMISSION_STATUSES[kind];
  const name = kind === 'contact' ? 'name' : 'full__name';
  const elsewhere = kind === 'contact' ? 'preorder' : 'contact';
  /** gn and gsn both of `key`, so only gn's own rule can refuse them. */
  const searchedAs = (key: string) => ({ gn: `${g}|${key}`, gsn: `${g}|${first}|${key}` });
  const cases = [
    { label: 'a name with accents and capitals, keyed as searched', changes: { [name]: 'Zoë  O’Brien' }, allowed: true },
    { label: 'an address in capitals, keyed in lower case', changes: { email: 'Ada.L@Example.COM' }, allowed: true },
    { label: `the state '${other}' with its keys`, changes: { status: other }, allowed: true },
    { label: 'g of another list', changes: { g: elsewhere }, allowed: false },
    {
      label: `the keys of another state than its own (${g}|${other}… while ${first})`,
      changes: { gs: `${g}|${other}`, gse: `${g}|${other}|ada@example.com`, gsn: `${g}|${other}|ada lovelace` },
      allowed: false,
    },
    { label: 'ge of another address', changes: { ge: `${g}|eve@example.com` }, allowed: false },
    { label: 'ge in capitals', changes: { email: 'Ada@Example.com', ge: `${g}|Ada@Example.com` }, allowed: false },
    { label: 'gse of another state', changes: { gse: `${g}|${other}|ada@example.com` }, allowed: false },
    { label: 'gn of another list', changes: { gn: `${elsewhere}|ada lovelace`, gsn: `${elsewhere}|ada lovelace` }, allowed: false },
    { label: 'gn in capitals', changes: searchedAs('Ada Lovelace'), allowed: false },
    { label: "gn with a '|' in the name part", changes: searchedAs('ada|lovelace'), allowed: false },
    { label: 'gn of 1,831 characters', changes: searchedAs('a'.repeat(1831 - g.length - 1)), allowed: false },
    { label: 'gn of 1,830 characters', changes: searchedAs('a'.repeat(1830 - g.length - 1)), allowed: true },
    { label: 'gsn of another name than gn', changes: { gsn: `${g}|${first}|grace hopper` }, allowed: false },
    { label: 'gs as a number', changes: { gs: 1 }, allowed: false },
  ];
  if (kind !== 'waitlist') return cases;
  return [
    ...cases,
    { label: "the builder's list, with programme 'builder'", changes: { programme: 'builder' }, allowed: true },
    { label: "g 'builder' without the programme (moved onto the builder's list)", changes: { g: 'builder' }, allowed: false },
    {
      label: "g 'open-access' with programme 'builder'",
      changes: { programme: 'builder', g: 'open-access', gs: 'open-access|new' },
      allowed: false,
    },
  ];
}

describe.for([...SUBMISSION_KINDS])('submissions/%s: the state and list keys', (kind) => {
  test.for(named(keyCases(kind).map((c) => ({ ...c, name: `${c.label} → ${c.allowed ? 'allowed' : 'denied'}` }))))(
    '%s',
    async ([, { changes, allowed }]) => {
      await expectAllowed(submit(kind, validSubmission(kind, changes)), allowed);
    },
  );
});
