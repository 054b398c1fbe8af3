// accountEmail against the Auth emulator's real email change (verifyBeforeUpdateEmail's link,
// opened), the database emulator and the Stripe stand-in: the profile and every Stripe customer
// of the account follow a verified change; nothing follows an unverified one or the request body.
import { describe, expect, it } from 'vitest';
import { identityToolkit } from '../testing/auth-emulator.testing';
import { useAccountHarness, newOrderId, type AccountHarness, type TestAccount } from './account.testing';
import { orderPath } from '../../../src/data/orders';

const h: AccountHarness = useAccountHarness('account-email');

/** What the site does (verifyBeforeUpdateEmail), then what the person does: open the mailed link. */
async function changeEmailByLink(account: TestAccount, newEmail: string): Promise<void> {
  await identityToolkit(h.authUrl, 'sendOobCode', { requestType: 'VERIFY_AND_CHANGE_EMAIL', idToken: account.token, newEmail });
  const listed = (await fetch(`${h.authUrl}/emulator/v1/projects/${h.projectId}/oobCodes`).then((response) => response.json())) as {
    oobCodes: { email: string; newEmail?: string; requestType: string; oobCode: string }[];
  };
  const code = listed.oobCodes.findLast((entry) => entry.requestType === 'VERIFY_AND_CHANGE_EMAIL' && entry.newEmail === newEmail);
  if (!code) throw new Error(`no email-change link for ${newEmail}`);
  await identityToolkit(h.authUrl, 'update', { oobCode: code.oobCode });
}

async function profileEmail(uid: string): Promise<unknown> {
  return (await h.database.ref(`users/${uid}/email`).get()).val();
}

async function customerEmail(id: string): Promise<string | null> {
  const customer = await h.stripe.customers.retrieve(id);
  return 'email' in customer ? (customer.email ?? null) : null;
}

describe('accountEmail', () => {
  it('after the link is opened, the profile and every Stripe customer of the account get the new address, once', async () => {
    const account = await h.account();
    const own = await h.customer(account);
    // Before the link is opened nothing changes.
    expect(await h.call(h.urls.accountEmail, account.token, {})).toEqual({ status: 200, json: { email: account.email, changed: false } });
    // A guest order claimed into the account brings its own customer.
    const guestCustomer = (await h.stripe.customers.create({ email: 'typed-at-checkout@example.com' })).id;
    const orderId = newOrderId(h);
    await h.database.ref(orderPath(orderId)).set({ buyer: account.uid, customerId: guestCustomer, product: 'websites' });
    const stranger = (await h.stripe.customers.create({ email: 'stranger@example.com' })).id;

    const newEmail = `new-${account.email}`;
    await changeEmailByLink(account, newEmail);
    const token = await h.signIn(newEmail);
    expect(await h.call(h.urls.accountEmail, token, {})).toEqual({ status: 200, json: { email: newEmail, changed: true } });
    expect(await profileEmail(account.uid)).toBe(newEmail);
    expect(await customerEmail(own)).toBe(newEmail);
    expect(await customerEmail(guestCustomer)).toBe(newEmail);
    expect(await customerEmail(stranger)).toBe('stranger@example.com');
    // Idempotent: the next sign-in finds nothing to do.
    expect(await h.call(h.urls.accountEmail, token, {})).toEqual({ status: 200, json: { email: newEmail, changed: false } });
    // The old address no longer signs in.
    await expect(h.signIn(account.email)).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|EMAIL_NOT_FOUND/);
  });

  it('an unverified change of the Auth address does nothing', async () => {
    const account = await h.account();
    const own = await h.customer(account);
    const other = `unverified-${account.email}`;
    await h.auth.updateUser(account.uid, { email: other, emailVerified: false });
    const answer = await h.call(h.urls.accountEmail, await h.signIn(other), {});
    expect(answer).toEqual({ status: 200, json: { email: account.email, changed: false } });
    expect(await profileEmail(account.uid)).toBe(account.email);
    expect(await customerEmail(own)).toBe(account.email);
  });

  it('the body cannot choose the address: only Auth’s is used', async () => {
    const account = await h.account();
    const own = await h.customer(account);
    const answer = await h.call(h.urls.accountEmail, account.token, { email: 'attacker@example.com', uid: 'someone-else' });
    expect(answer).toEqual({ status: 200, json: { email: account.email, changed: false } });
    expect(await profileEmail(account.uid)).toBe(account.email);
    expect(await customerEmail(own)).toBe(account.email);
  });

  it('never makes a half profile for an account without one, but still updates its customer', async () => {
    const account = await h.account({ profile: false });
    const own = await h.customer(account);
    const newEmail = `moved-${account.email}`;
    await changeEmailByLink(account, newEmail);
    const answer = await h.call(h.urls.accountEmail, await h.signIn(newEmail), {});
    expect(answer).toEqual({ status: 200, json: { email: newEmail, changed: true } });
    expect(
      await h.database
        .ref(`users/${account.uid}`)
        .get()
        .then((snapshot) => snapshot.exists()),
    ).toBe(false);
    expect(await customerEmail(own)).toBe(newEmail);
  });

  it('refuses without a sign-in, an anonymous visitor, another origin and a huge body', async () => {
    const account = await h.account();
    expect((await h.call(h.urls.accountEmail, null, {})).status).toBe(401);
    const visitor = (await identityToolkit(h.authUrl, 'signUp', { returnSecureToken: true })).idToken as string;
    expect((await h.call(h.urls.accountEmail, visitor, {})).status).toBe(401);
    expect((await h.call(h.urls.accountEmail, account.token, {}, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await h.call(h.urls.accountEmail, account.token, { padding: 'x'.repeat(5000) })).status).toBe(413);
  });
});
