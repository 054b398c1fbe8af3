// Priorities bypass every length limit unless the rules check them: a priority is not a child, so
// "$other" does not see it and .length does not count it. The attack that was found:
// {"message": {".value": "hi", ".priority": "<1 MiB>"}} stored in a contact submission, and the
// same on a whole waitlist record and on a user's own profile fields. Every field of every record
// the browser may write is tried here, named from database.rules.json itself so that a field added
// later is attacked too. Browsers no longer write submissions at all (submissions-quota.test.ts);
// the `submitForm` function refuses a field that is not text (functions/src/submissions).
import { describe, expect, test } from 'vitest';
import { ref, set, setPriority, setWithPriority, update } from 'firebase/database';
import { OWNER_UID, deny, fullUser, parseRules, useRulesHarness, type RulesNode } from './rules.testing';

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
