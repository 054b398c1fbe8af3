// The staff-managed fields of a submission and the waitlist's programme
// (docs/decisions/0108-staff-console.md). A visitor — or anyone, staff included — who creates a
// record carrying status, statusChangedAt, statusChangedBy or a pass from a browser is refused and
// nothing is stored: nobody marks their own inquiry answered or hands themselves a Space pass. No
// browser writes a submission at all any more (docs/decisions/0111-submissions-through-the-server.md);
// the `submitForm` function refuses these fields from a form (functions/src/submissions). The
// programme the function stores is 'open-access' or 'builder', or absent: the documented record,
// tested on the rules with submissions opened for writing.
import { describe, expect, test } from 'vitest';
import { push, ref, serverTimestamp, set } from 'firebase/database';
import { SUBMISSION_KINDS } from '../../src/config/data-limits';
import { WAITLIST_PROGRAMMES } from '../../src/config/waitlist-programmes';
import { SUBMISSION_STATUSES } from '../../src/data/staff';
import {
  STAFF_MANAGED_FIELDS,
  VISITOR_UID,
  allow,
  deny,
  named,
  submitAsVisitor,
  useRulesHarness,
  validSubmission,
  writableSubmissionsRules,
  type RulesHarness,
  type SubmissionKind,
} from './rules.testing';

const deployed = useRulesHarness('staff-fields');
const schema = useRulesHarness('staff-fields-schema', JSON.stringify(writableSubmissionsRules()));
let h: () => RulesHarness = deployed;
const CODE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A value of each staff field the staff function itself would write. */
function staffValues(kind: SubmissionKind): Record<string, unknown> {
  const values: Record<string, unknown> = {
    status: SUBMISSION_STATUSES[kind][1],
    statusChangedAt: Date.now(),
    statusChangedBy: 'staff-admin',
  };
  if (kind === 'preorder') values.pass = { code: CODE, issuedAt: Date.now() };
  return values;
}

async function stored(kind: SubmissionKind): Promise<Record<string, unknown>[]> {
  return Object.values(((await h().peek(`submissions/${kind}`)) as Record<string, Record<string, unknown>> | null) ?? {});
}

const submit = (kind: SubmissionKind, record: Record<string, unknown>, asUser?: { uid: string; role: string }) =>
  asUser
    ? submitAsVisitor(
        h().user(asUser.uid, { email: `${asUser.uid}@example.com`, email_verified: true, role: asUser.role }),
        asUser.uid,
        kind,
        record,
      )
    : submitAsVisitor(h().visitor(), VISITOR_UID, kind, record);

describe.for([...SUBMISSION_KINDS])('submissions/%s: the staff-managed fields', (kind) => {
  const cells = STAFF_MANAGED_FIELDS[kind].flatMap((field) => {
    const value = staffValues(kind)[field];
    return [
      { name: `a visitor's new record with ${field} = ${JSON.stringify(value)} → denied`, field, value, asUser: undefined },
      {
        name: `an admin's new record (through the form) with ${field} → denied`,
        field,
        value,
        asUser: { uid: 'staff-admin', role: 'admin' },
      },
    ];
  });

  test.for(named(cells))('%s', async ([, { field, value, asUser }]) => {
    h = deployed;
    await deny(submit(kind, validSubmission(kind, { [field]: value }), asUser));
    expect(await stored(kind)).toEqual([]);
  });

  test('every staff field at once, as on a record the console has answered → denied', async () => {
    h = deployed;
    await deny(submit(kind, validSubmission(kind, staffValues(kind))));
    expect(await stored(kind)).toEqual([]);
  });

  test(`status = '${SUBMISSION_STATUSES[kind][0]}' (the first state, which an absent status reads as) → denied all the same`, async () => {
    h = deployed;
    await deny(submit(kind, validSubmission(kind, { status: SUBMISSION_STATUSES[kind][0] })));
    expect(await stored(kind)).toEqual([]);
  });
});

describe('submissions/preorder: a pass in any shape is refused from the browser', () => {
  const passes = [
    { name: 'a well-formed pass', pass: { code: CODE, issuedAt: 1_795_000_000_000 } },
    { name: 'a pass already mailed', pass: { code: CODE, issuedAt: 1_795_000_000_000, mailedAt: 1_795_000_000_001 } },
    { name: 'a bare code', pass: CODE },
    { name: 'an empty pass object with a server timestamp', pass: { issuedAt: serverTimestamp() } },
  ];
  test.for(named(passes))('%s → denied, nothing stored', async ([, { pass }]) => {
    h = deployed;
    await deny(submit('preorder', validSubmission('preorder', { pass })));
    expect(await stored('preorder')).toEqual([]);
  });
});

describe('submissions/waitlist: programme, in the record the function writes', () => {
  // As the function writes: a record at a new key, on the rules with submissions writable.
  const submit = (kind: SubmissionKind, record: Record<string, unknown>) => {
    h = schema;
    const db = h().as('owner');
    return set(ref(db, `submissions/${kind}/${push(ref(db, `submissions/${kind}`)).key!}`), record);
  };

  const accepted = WAITLIST_PROGRAMMES.map((programme) => ({ name: `${JSON.stringify(programme)} → allowed and stored`, programme }));
  test.for(named(accepted))('%s', async ([, { programme }]) => {
    await allow(submit('waitlist', validSubmission('waitlist', { programme })));
    expect(await stored('waitlist')).toEqual([validSubmission('waitlist', { programme, createdAt: expect.any(Number) as unknown })]);
  });

  test('absent (older forms) → allowed', async () => {
    await allow(submit('waitlist', validSubmission('waitlist')));
    expect(await stored('waitlist')).toHaveLength(1);
  });

  const refused = [
    { name: "'Builder' (case)", programme: 'Builder' },
    { name: "'builder ' (trailing space)", programme: 'builder ' },
    { name: "'open_access'", programme: 'open_access' },
    { name: "'enterprise' (not a programme)", programme: 'enterprise' },
    { name: 'an empty string', programme: '' },
    { name: 'true', programme: true },
    { name: 'a number', programme: 1 },
    { name: "['builder']", programme: ['builder'] },
    { name: '{ name: builder }', programme: { name: 'builder' } },
  ];
  test.for(named(refused))('%s → denied, nothing stored', async ([, { programme }]) => {
    await deny(submit('waitlist', validSubmission('waitlist', { programme })));
    expect(await stored('waitlist')).toEqual([]);
  });

  test.for(['contact', 'preorder'] as const)('on a %s record (only the waitlist has one) → denied', async (kind) => {
    await deny(submit(kind, validSubmission(kind, { programme: 'builder' })));
    expect(await stored(kind)).toEqual([]);
  });
});
