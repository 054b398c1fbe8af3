// Priorities bypass every length limit unless the rules check them: a priority is not a child, so
// "$other" does not see it and .length does not count it. The attack that was found:
// {"message": {".value": "hi", ".priority": "<1 MiB>"}} stored in a contact submission, and the
// same on a whole waitlist record and on a user's own profile fields. Every field of every record
// the browser may write is tried here, named from database.rules.json itself so that a field added
// later is attacked too.
import { describe, expect, test } from 'vitest';
import { push, ref, serverTimestamp, set, setPriority, setWithPriority, update, type Database } from 'firebase/database';
import { SUBMISSION_KINDS } from '../../src/config/data-limits';
import {
  OWNER_UID,
  VISITOR_UID,
  allow,
  deny,
  fullUser,
  parseRules,
  submitAsVisitor,
  useRulesHarness,
  validSubmission,
  type RulesNode,
} from './helpers';

const h = useRulesHarness('priorities');
const BIG = 'p'.repeat(1024 * 1024);
const rules = parseRules().rules;
const fieldsOf = (...path: string[]) => {
  let n = rules;
  for (const key of path) n = n[key] as RulesNode;
  return Object.keys(n).filter((k) => !k.startsWith('.') && !k.startsWith('$'));
};
const withPriority = (value: unknown) => ({ '.value': value, '.priority': BIG });
const RECORD = `users/${OWNER_UID}`;

describe('users/<own uid>', () => {
  const owner = () => h().user(OWNER_UID);
  const profile = fullUser(true);

  test.for(fieldsOf('users', '$uid'))('a 1 MiB priority on %s at sign-up → denied, nothing stored', async (field) => {
    await deny(set(ref(owner(), RECORD), { ...profile, [field]: withPriority(profile[field]) }));
    expect(await h().peek(RECORD)).toBeNull();
  });

  test.for(fieldsOf('users', '$uid'))('a 1 MiB priority on %s alone (setWithPriority) → denied', async (field) => {
    await h().seed({ [RECORD]: profile });
    await deny(setWithPriority(ref(owner(), `${RECORD}/${field}`), profile[field], BIG));
    await deny(setPriority(ref(owner(), `${RECORD}/${field}`), BIG));
    expect(await h().peek(RECORD)).toEqual(profile);
  });

  test('a 1 MiB priority on the whole record → denied', async () => {
    await deny(setWithPriority(ref(owner(), RECORD), profile, BIG));
    await h().seed({ [RECORD]: profile });
    await deny(setPriority(ref(owner(), RECORD), BIG));
    await deny(update(ref(owner(), RECORD), { '.priority': BIG }));
  });
});

describe.for([...SUBMISSION_KINDS])('submissions/%s', (kind) => {
  const visitor = (): Database => h().visitor();
  const stored = async () => (await h().peek('submissions')) as unknown;

  // Each attack is followed by the same submission without the priority, which must go through:
  // the refusal is the priority's, not the quota's or anything else's.
  const thenTheHonestOne = async () => {
    await allow(submitAsVisitor(visitor(), VISITOR_UID, kind));
    expect(Object.keys((await stored()) as object)).toEqual([kind]);
  };

  test.for(fieldsOf('submissions', kind, '$id'))('a 1 MiB priority on %s → denied, nothing stored', async (field) => {
    const record = validSubmission(kind);
    await deny(submitAsVisitor(visitor(), VISITOR_UID, kind, { ...record, [field]: withPriority(record[field]) }));
    expect(await stored()).toBeNull();
    await thenTheHonestOne();
  });

  test('a 1 MiB priority on the whole record → denied, nothing stored', async () => {
    await deny(submitAsVisitor(visitor(), VISITOR_UID, kind, { ...validSubmission(kind), '.priority': BIG }));
    expect(await stored()).toBeNull();
    await thenTheHonestOne();
  });

  test.for(fieldsOf('submission_quota', '$uid', '$kind'))('a 1 MiB priority on the quota’s %s → denied', async (field) => {
    const db = visitor();
    const key = push(ref(db, `submissions/${kind}`)).key!;
    const quota: Record<string, unknown> = { count: 1, windowStart: serverTimestamp(), lastId: key };
    quota[field] = withPriority(quota[field]);
    await deny(
      update(ref(db), { [`submissions/${kind}/${key}`]: validSubmission(kind), [`submission_quota/${VISITOR_UID}/${kind}`]: quota }),
    );
    expect(await stored()).toBeNull();
    await thenTheHonestOne();
  });
});
