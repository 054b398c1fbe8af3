// What the owner may write of their account from Profile settings and "Complete your profile"
// (docs/decisions/0121-consent-and-unsubscribe.md, docs/decisions/0122-half-made-accounts-and-visitor-words.md):
// the two marketing choices, as booleans only, on their own record only; and a whole profile
// created at any time later by a signed-in account that has none, with the account's own email.
import { ref, set, update } from 'firebase/database';
import { describe, expect, test } from 'vitest';
import { OTHER_UID, OWNER_UID, accountEmail, allow, deny, fullUser, minimalUser, useRulesHarness } from './rules.testing';
import { accessMatrix, rowsOn } from './matrix.testing';

const RECORD = `users/${OWNER_UID}`;
const seeded = { [RECORD]: fullUser(true) };
const OWNER_ONLY = ['owner'] as const;

accessMatrix(
  'account-consents',
  (['receiveAnnouncements', 'receiveAppsMusicTV'] as const).map((field) => ({
    path: `users/{owner uid}/${field}`,
    rows: [
      rowsOn({ [RECORD]: { ...fullUser(true), [field]: true } }).set('turn off (set false)', `${RECORD}/${field}`, false, OWNER_ONLY, {
        after: (value) => expect(value).toBe(false),
      }),
      rowsOn({ [RECORD]: { ...fullUser(true), [field]: false } }).set('turn on (set true)', `${RECORD}/${field}`, true, OWNER_ONLY, {
        after: (value) => expect(value).toBe(true),
      }),
      rowsOn(seeded).get('read (get)', `${RECORD}/${field}`, OWNER_ONLY),
    ],
  })),
);

describe('the consent switches hold booleans only', () => {
  const h = useRulesHarness('account-consent-values');
  test.for(['true', 'false', 1, 0, { on: true }] as unknown[])('the owner cannot store %j', async (value) => {
    await h().seed(seeded);
    for (const field of ['receiveAnnouncements', 'receiveAppsMusicTV']) {
      await deny(set(ref(h().as('owner'), `${RECORD}/${field}`), value));
      expect(await h().peek(`${RECORD}/${field}`)).toBe(fullUser(true)[field]);
    }
  });

  test('both at once in one update, and never someone else’s in the same update', async () => {
    await h().seed({ ...seeded, [`users/${OTHER_UID}`]: { ...fullUser(true), email: accountEmail(OTHER_UID) } });
    const owner = h().as('owner');
    await allow(update(ref(owner, RECORD), { receiveAnnouncements: true, receiveAppsMusicTV: false }));
    await deny(update(ref(owner, 'users'), { [`${OWNER_UID}/receiveAnnouncements`]: false, [`${OTHER_UID}/receiveAnnouncements`]: false }));
    expect(await h().peek(`users/${OTHER_UID}/receiveAnnouncements`)).toBe(false);
    expect(await h().peek(`${RECORD}/receiveAnnouncements`)).toBe(true);
  });
});

describe('a profile created later by an account without one', () => {
  const h = useRulesHarness('account-complete-profile');

  test('any time after sign-up, with the sign-up shape and the account’s own email', async () => {
    // An account whose profile write failed at sign-up: no record, a sign-in days later.
    const late = h().user(OWNER_UID, { email: accountEmail(OWNER_UID), email_verified: false });
    await allow(set(ref(late, RECORD), fullUser(false)));
    expect(await h().peek(RECORD)).toEqual(fullUser(false));
  });

  test('the smallest record will do, and the verified flag must be what the token says', async () => {
    const owner = h().as('owner');
    await deny(set(ref(owner, RECORD), { ...minimalUser(), emailVerified: false }));
    await allow(set(ref(owner, RECORD), minimalUser()));
  });

  test('refused with someone else’s email, without the required fields, for another uid, or signed out', async () => {
    const owner = h().as('owner');
    await deny(set(ref(owner, RECORD), { ...fullUser(true), email: accountEmail(OTHER_UID) }));
    await deny(set(ref(owner, RECORD), { email: accountEmail(OWNER_UID), receiveAnnouncements: true }));
    // A lone consent on a missing record would be a half profile.
    await deny(set(ref(owner, `${RECORD}/receiveAnnouncements`), true));
    await deny(set(ref(h().as('another user'), RECORD), fullUser(true)));
    await deny(set(ref(h().as('signed out'), RECORD), fullUser(true)));
    expect(await h().peek(RECORD)).toBeNull();
  });

  test('an account whose email changed since sign-up creates its profile with the new address', async () => {
    const moved = h().user(OWNER_UID, { email: 'moved@example.com', email_verified: true });
    await deny(set(ref(moved, RECORD), fullUser(true)));
    await allow(set(ref(moved, RECORD), { ...fullUser(true), email: 'moved@example.com' }));
  });
});
