// deleteAccount against the Auth emulator, the database emulator and the Stripe and EmailJS
// stand-ins: what the person and Stripe see afterwards, a retry after a failure half way, and the
// attacks (someone else's account, an old sign-in, a wrong confirmation, a huge body).
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../testing/auth.testing';
import { identityToolkit } from '../testing/auth-emulator.testing';
import { STAFF_ROLES_PATH } from '../../../src/data/staff';
import { CLOSED_ACCOUNTS_PATH } from '../../../src/data/users';
import { ACCOUNT_DELETED_SUBJECT } from '../mail';
import { mergeSubscription } from '../billing/subscription-sync';
import { useAccountHarness, type AccountHarness, type TestAccount } from './account.testing';
import { ACCOUNT_MESSAGES } from './endpoint';
import { PERSONAL_DATA_REMOVED_FIELD, orderPath } from '../../../src/data/orders';
import { ACCOUNT_DELETIONS_PATH, DELETE_ACCOUNT_MESSAGES, REAUTH_WINDOW_MS, uidHash } from './delete-account';

const h: AccountHarness = useAccountHarness('delete-account');
const CONFIRM = { confirmation: 'DELETE' };
const OTHER_ORDER = '-NotThisAccountsOrder';

async function read(path: string): Promise<unknown> {
  return (await h.database.ref(path).get()).val();
}

/** An account with a profile, a card summary, a Stripe customer, two live plans and a claim link. */
async function accountWithPlans(): Promise<{
  account: TestAccount;
  customerId: string;
  plans: { orderId: string; subscriptionId: string }[];
}> {
  const account = await h.account();
  const customerId = await h.customer(account);
  const plans = [await h.subscribe(customerId, account.uid, account.email), await h.subscribe(customerId, account.uid, account.email)];
  await h.database
    .ref(`billing/${account.uid}`)
    .set({ card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }, cardFetchedAt: 1 });
  await h.database.ref(`order_claim_links/${plans[0]!.orderId}`).set({ tokenHash: 'a'.repeat(64), createdAt: 1, expiresAt: 2 });
  await h.database.ref(`${STAFF_ROLES_PATH}/${account.uid}`).set({ role: 'support', grantedAt: 1 });
  await h.database.ref('manage_links').update({
    ['b'.repeat(64)]: { orderId: plans[1]!.orderId, customerId, createdAt: 1, expiresAt: 2 },
    ['c'.repeat(64)]: { orderId: OTHER_ORDER, customerId: 'cus_someone_else', createdAt: 1, expiresAt: 2 },
  });
  return { account, customerId, plans };
}

async function expectGone(account: TestAccount, customerId: string, plans: { orderId: string; subscriptionId: string }[]) {
  for (const { orderId, subscriptionId } of plans) {
    expect((await h.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const order = (await read(orderPath(orderId))) as Record<string, unknown>;
    // Accounting keeps the order; nothing in it leads back to the person.
    expect(order).toMatchObject({
      product: 'websites',
      tier: 'earth',
      productAmount: 8300,
      subscriptionId,
      customerId,
      modelExistsOn: 'shopify',
    });
    expect(order.buyer).toBeUndefined();
    expect(order.customerEmail).toBeUndefined();
    expect(order[PERSONAL_DATA_REMOVED_FIELD]).toEqual(expect.any(Number));
    expect(JSON.stringify(order)).not.toContain(account.email);
    expect(JSON.stringify(order)).not.toContain(account.uid);
  }
  // Another order's manage link stays.
  expect(Object.keys(((await read('manage_links')) ?? {}) as object)).toEqual(['c'.repeat(64)]);
  for (const path of [
    `users/${account.uid}`,
    `billing/${account.uid}`,
    `customers/${account.uid}`,
    `${STAFF_ROLES_PATH}/${account.uid}`,
    `order_claim_links/${plans[0]!.orderId}`,
  ]) {
    expect(await read(path), path).toBeNull();
  }
  await expect(h.auth.getUser(account.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  await expect(h.signIn(account.email)).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|EMAIL_NOT_FOUND/);
  // Stripe keeps the customer and its invoices (docs/decisions/0119-account-deletion-and-retention.md).
  expect((await h.stripe.customers.retrieve(customerId)).deleted).toBeUndefined();
  const deletions = (await read(ACCOUNT_DELETIONS_PATH)) as Record<string, unknown>;
  expect(deletions).toEqual({ [uidHash(account.uid)]: { uidHash: uidHash(account.uid), finishedAt: expect.any(Number) } });
  expect(JSON.stringify(deletions)).not.toContain(account.uid);
  // Kept while a token of the account may live: the rules refuse its writes (the daily clean-up
  // removes it after).
  expect(await read(`${CLOSED_ACCOUNTS_PATH}/${account.uid}`)).toEqual({ closedAt: expect.any(Number) });
}

/** Until the next whole second: Auth dates a revocation to the second, and a token signed in within
 *  the same second as it is not counted as revoked. */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 50));
}

function deletionMails(to: string) {
  return h.emailjs.received().filter((mail) => mail.params.to_email === to && mail.params.subject === ACCOUNT_DELETED_SUBJECT);
}

describe('deleteAccount', () => {
  it('cancels every plan at once, keeps the orders without personal data, deletes the records and the sign-in, and mails once', async () => {
    const { account, customerId, plans } = await accountWithPlans();
    const answer = await h.call(h.urls.deleteAccount, account.token, CONFIRM);
    expect(answer).toEqual({ status: 200, json: { deleted: true } });
    await expectGone(account, customerId, plans);
    const mails = deletionMails(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.params.message_text).toContain('Your 2 plans were canceled at once');
    expect(mails[0]!.params.message_text).toContain('up to 10 years');
  });

  it('a retry after a failure half way finishes the job: the old token is revoked, the password again gives a sign-in that does', async () => {
    const { account, customerId, plans } = await accountWithPlans();
    await nextSecond();
    h.deps.deleteAccount.stripe = h.stripeThroughFault;
    // The first plan is canceled, then Stripe fails on the second.
    h.faulty.failNext('DELETE', new RegExp(`/v1/subscriptions/${plans[1]!.subscriptionId}$`));
    const failed = await h.call(h.urls.deleteAccount, account.token, CONFIRM);
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ error: { message: DELETE_ACCOUNT_MESSAGES.stripe } });
    const canceled = await Promise.all(
      plans.map(async ({ subscriptionId }) => (await h.stripe.subscriptions.retrieve(subscriptionId)).status),
    );
    expect(canceled.sort()).toEqual(['active', 'canceled']);
    // Half way: the person still has everything, and can still sign in to retry; the account is
    // already closing, and its tokens were revoked first.
    expect(await read(`users/${account.uid}`)).not.toBeNull();
    expect(((await read(orderPath(plans[0]!.orderId))) as Record<string, unknown>).buyer).toBe(account.uid);
    expect(await read(`${CLOSED_ACCOUNTS_PATH}/${account.uid}`)).toEqual({ closedAt: expect.any(Number) });
    expect(deletionMails(account.email)).toHaveLength(0);

    // The same token again: refused with the code on which the site asks for the password again.
    const revoked = await h.call(h.urls.deleteAccount, account.token, CONFIRM);
    expect(revoked.status).toBe(401);
    expect(revoked.json).toMatchObject({ code: 'reauth-required', error: { code: 'reauth-required', message: ACCOUNT_MESSAGES.revoked } });
    const retried = await h.call(h.urls.deleteAccount, await h.signIn(account.email), CONFIRM);
    expect(retried).toEqual({ status: 200, json: { deleted: true } });
    await expectGone(account, customerId, plans);
    expect(deletionMails(account.email)).toHaveLength(1);
    expect(deletionMails(account.email)[0]!.params.message_text).toContain('Your 2 plans were canceled at once');

    // Once more with the old token: nothing happens again.
    const late = await h.call(h.urls.deleteAccount, account.token, CONFIRM);
    expect(late.status).toBe(401);
    expect(deletionMails(account.email)).toHaveLength(1);
    expect(await read(`users/${account.uid}`)).toBeNull();
  });

  it('two deletions at once finish as one: one mail, every plan canceled', async () => {
    const { account, customerId, plans } = await accountWithPlans();
    const answers = await Promise.all([1, 2].map(() => h.call(h.urls.deleteAccount, account.token, CONFIRM)));
    // One finishes; the other either does too or, verified after the first revoked the token,
    // asks for the password again.
    expect(answers.map((answer) => answer.status)).toContain(200);
    for (const answer of answers) if (answer.status !== 200) expect(answer.json).toMatchObject({ code: 'reauth-required' });
    await expectGone(account, customerId, plans);
    expect(deletionMails(account.email)).toHaveLength(1);
  });

  it('another signed-in person cannot delete someone else: only their own account goes', async () => {
    const victim = await accountWithPlans();
    const attacker = await h.account();
    const answer = await h.call(h.urls.deleteAccount, attacker.token, { ...CONFIRM, uid: victim.account.uid, email: victim.account.email });
    expect(answer.status).toBe(200);
    await expect(h.auth.getUser(attacker.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await h.auth.getUser(victim.account.uid)).email).toBe(victim.account.email);
    expect(await read(`users/${victim.account.uid}`)).not.toBeNull();
    for (const { subscriptionId, orderId } of victim.plans) {
      expect((await h.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
      expect(((await read(orderPath(orderId))) as Record<string, unknown>).buyer).toBe(victim.account.uid);
    }
  });

  it('refuses a sign-in older than five minutes with reauth-required, and then a fresh one works', async () => {
    const { account, customerId, plans } = await accountWithPlans();
    const later = Date.now() + REAUTH_WINDOW_MS + 60_000;
    h.deps.deleteAccount.now = () => later;
    const stale = await h.call(h.urls.deleteAccount, account.token, CONFIRM);
    expect(stale.status).toBe(401);
    expect(stale.json).toMatchObject({
      code: 'reauth-required',
      error: { code: 'reauth-required', message: DELETE_ACCOUNT_MESSAGES.reauth },
    });
    expect(await read(`users/${account.uid}`)).not.toBeNull();
    expect((await h.stripe.subscriptions.retrieve(plans[0]!.subscriptionId)).status).toBe('active');
    // A token refreshed later keeps the old sign-in time: refreshing is not signing in again.
    const refreshed = await fetch(`${h.authUrl}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: (
          await identityToolkit(h.authUrl, 'signInWithPassword', {
            email: account.email,
            password: PASSWORD,
            returnSecureToken: true,
          })
        ).refreshToken as string,
      }),
    }).then((response) => response.json() as Promise<{ id_token: string }>);
    expect((await h.call(h.urls.deleteAccount, refreshed.id_token, CONFIRM)).status).toBe(401);
    delete h.deps.deleteAccount.now;
    expect((await h.call(h.urls.deleteAccount, await h.signIn(account.email), CONFIRM)).status).toBe(200);
    await expectGone(account, customerId, plans);
  });

  it('refuses without the typed confirmation, without a sign-in, with a forged token, and a huge body', async () => {
    const account = await h.account();
    for (const body of [{}, { confirmation: 'delete' }, { confirmation: 'DELETE ' }, { confirmation: true }]) {
      const answer = await h.call(h.urls.deleteAccount, account.token, body);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ error: { message: DELETE_ACCOUNT_MESSAGES.confirmation, field: 'confirmation' } });
    }
    expect((await h.call(h.urls.deleteAccount, null, CONFIRM)).status).toBe(401);
    expect((await h.call(h.urls.deleteAccount, `${account.token}x`, CONFIRM)).status).toBe(401);
    expect((await h.call(h.urls.deleteAccount, account.token, { ...CONFIRM, padding: 'x'.repeat(5000) })).status).toBe(413);
    expect((await h.call(h.urls.deleteAccount, account.token, CONFIRM, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await h.auth.getUser(account.uid)).uid).toBe(account.uid);
    expect(await read(`users/${account.uid}`)).not.toBeNull();
    expect(await read(ACCOUNT_DELETIONS_PATH)).toBeNull();
  });

  it('deletes an account without a profile or plans (a half-made one) too', async () => {
    const account = await h.account({ profile: false, verified: false });
    expect(await h.call(h.urls.deleteAccount, account.token, CONFIRM)).toEqual({ status: 200, json: { deleted: true } });
    await expect(h.auth.getUser(account.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(deletionMails(account.email)[0]!.params.message_text).not.toContain('canceled');
  });
});

describe('an order whose buyer deleted their account', () => {
  it('the webhook’s reading of its canceled subscription brings no email back', () => {
    const synced = {
      subscriptionId: 'sub_gone',
      customerId: 'cus_gone',
      subscriptionStatus: 'canceled' as const,
      paymentsMade: 1,
      currentPeriodEnd: null,
      termEndsAt: 2,
      cancelAt: null,
      endedAt: 1,
    };
    const anonymised = { subscriptionId: 'sub_gone', subscriptionStatus: 'active', paymentsMade: 1, [PERSONAL_DATA_REMOVED_FIELD]: 1 };
    const merged = mergeSubscription(anonymised, synced, 10, 'buyer@example.com');
    expect(merged).toMatchObject({ ok: true, order: { subscriptionStatus: 'canceled' } });
    expect(merged.ok && merged.order.customerEmail).toBeUndefined();
    // Any other order without an email still learns it.
    const plain = mergeSubscription({ subscriptionId: 'sub_gone', paymentsMade: 1 }, synced, 10, 'buyer@example.com');
    expect(plain.ok && plain.order.customerEmail).toBe('buyer@example.com');
  });
});
