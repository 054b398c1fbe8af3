// Deleting an account ends everything of it (docs/decisions/0119-account-deletion-and-retention.md),
// against the Auth emulator, the database emulator, the Stripe stand-in delivering to the real
// webhook and the EmailJS stand-in. The handlers verify ID tokens as production's Admin SDK does
// (production-auth.testing.ts): there a deleted or revoked account's token is accepted for the
// rest of its hour unless the handler asks for the revocation check, which is the attack.
import { postForm } from '@leopard/stripe-stand-in/testing';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../../src/catalog/money';
import { CLOSED_ACCOUNTS_PATH, OPEN_CHECKOUT_AT_DELETION } from '../../../src/data/users';
import { ORDERS_PATH, PERSONAL_DATA_REMOVED_FIELD } from '../../../src/data/orders';
import { startAuthBackends, type AuthBackends, type TestAccount } from '../testing/auth.testing';
import { SITE, settled } from '../testing/backends.testing';
import { CHECKOUT_DETAILS, checkoutBody, type Created } from '../checkout/store.testing';
import { handleCheckout } from '../checkout/checkout';
import { useForFile } from '../testing/emulators.testing';
import { ACCOUNT_DELETED_SUBJECT, CLOSED_ACCOUNT_REFUND_SUBJECT } from '../mail';
import { handlePortal } from '../billing/portal';
import { verifyingAsInProduction } from '../testing/production-auth.testing';
import { ACCOUNT_CLOSING_MESSAGE, ACCOUNT_DELETIONS_PATH, uidHash } from './closed-accounts';
import { handleDeleteAccount } from './delete-account';
import { ACCOUNT_MESSAGES } from './endpoint';
import { handleExportAccountData } from './export-data';
import { handleWebhook } from '../webhook/webhook';

interface ClosedAccountHarness extends AuthBackends {
  urls: { checkout: string; portal: string; deleteAccount: string; exportAccountData: string };
  /** stripeCheckout's Stripe client: a test may put a wrapped one in, reset puts the plain one back. */
  checkoutDeps: { stripe: Stripe };
}

const h: ClosedAccountHarness = useForFile(async () => {
  const base = await startAuthBackends('closed-account', 'emailjs_private_closed_account', { webhook: handleWebhook });
  const auth = verifyingAsInProduction(base.auth);
  const site = { auth, database: base.database, stripe: base.stripe, siteOrigins: [SITE] };
  const checkoutDeps = { ...site };
  const serve = base.servers.serve;
  return {
    ...base,
    urls: {
      checkout: await serve('stripeCheckout', (rq, rs) => handleCheckout(rq, rs, checkoutDeps)),
      portal: await serve('stripePortal', (rq, rs) => handlePortal(rq, rs, site)),
      deleteAccount: await serve('deleteAccount', (rq, rs) => handleDeleteAccount(rq, rs, { ...site, mail: base.mail })),
      exportAccountData: await serve('exportAccountData', (rq, rs) => handleExportAccountData(rq, rs, site)),
    },
    checkoutDeps,
    async reset() {
      checkoutDeps.stripe = base.stripe;
      await settled(base.standIn);
      await base.reset();
    },
  };
});

const CONFIRM = { confirmation: 'DELETE' };

/** A checkout opened by the signed-in account through stripeCheckout, as the store does. */
async function openCheckout(account: TestAccount, token = account.token) {
  return h.postAs(h.urls.checkout, token, checkoutBody({}, true));
}

async function openedCheckout(account: TestAccount): Promise<Created> {
  const answer = await openCheckout(account);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json.data as Created;
}

/** Pays on the hosted page, as a buyer whose payment was under way does. */
function payPage(created: Pick<Created, 'url'>) {
  return postForm(`${created.url}/pay`, { card_number: '4242424242424242', ...CHECKOUT_DETAILS });
}

/** Until the next whole second: Auth dates a revocation to the second, and a token signed in within
 *  the same second as it is not counted as revoked. */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 50));
}

async function orders(): Promise<Record<string, Record<string, unknown>>> {
  return ((await h.database.ref(ORDERS_PATH).get()).val() ?? {}) as Record<string, Record<string, unknown>>;
}

function mails(to: string, subject: string) {
  return h.emailjs.received().filter((mail) => mail.params.to_email === to && mail.params.subject === subject);
}

describe('deleting an account with a checkout open', () => {
  it('expires the checkout, so the hosted page can no longer be paid, and the mail says what became of it', async () => {
    const account = await h.signUp();
    const created = await openedCheckout(account);

    const deleted = await h.postAs(h.urls.deleteAccount, await h.signIn(account.email), CONFIRM);
    expect(deleted).toEqual({ status: 200, json: { deleted: true } });

    expect((await h.stripe.checkout.sessions.retrieve(created.id)).status).toBe('expired');
    expect((await payPage(created)).status).toBe(409);
    await settled(h.standIn);
    expect(await h.stripe.subscriptions.list({ status: 'all' })).toMatchObject({ data: [] });
    // The unpaid order is kept without the person, as every order of the account.
    const order = (await orders())[created.orderId]!;
    expect(order).toMatchObject({ stripeId: created.id, payment_status: 'expired', [PERSONAL_DATA_REMOVED_FIELD]: expect.any(Number) });
    expect(JSON.stringify(order)).not.toContain(account.uid);
    const [mail] = mails(account.email, ACCOUNT_DELETED_SUBJECT);
    expect(mail?.params.message_text).toContain(OPEN_CHECKOUT_AT_DELETION);
  });

  it('the account’s old token opens no checkout, no portal and no export afterwards', async () => {
    const account = await h.signUp();
    const oldToken = account.token;
    await openedCheckout(account);
    expect((await h.postAs(h.urls.deleteAccount, await h.signIn(account.email), CONFIRM)).status).toBe(200);
    const sessionsBefore = h.standIn.sessions().length;

    const checkout = await openCheckout(account, oldToken);
    expect(checkout.status).toBe(401);
    expect((await h.postAs(h.urls.portal, oldToken, { returnURL: `${SITE}/order-history` })).status).toBe(401);
    expect((await h.postAs(h.urls.exportAccountData, oldToken, {})).status).toBe(401);
    expect(h.standIn.sessions()).toHaveLength(sessionsBefore);
    expect(JSON.stringify(await orders())).not.toContain(account.uid);
  });
});

describe('an account whose deletion has started', () => {
  it('gets no new checkout while the deletion is unfinished, with a fresh sign-in too, and nothing reaches Stripe', async () => {
    const account = await h.signUp();
    // What a deletion that stopped half way (Stripe down) leaves: its start recorded.
    await h.database.ref().update({
      [`${CLOSED_ACCOUNTS_PATH}/${account.uid}`]: { closedAt: Date.now() },
      [`${ACCOUNT_DELETIONS_PATH}/${uidHash(account.uid)}`]: { startedAt: Date.now() },
    });
    const sessionsBefore = h.standIn.sessions().length;
    const refused = await openCheckout(account, await h.signIn(account.email));
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: { message: ACCOUNT_CLOSING_MESSAGE } });
    expect(h.standIn.sessions()).toHaveLength(sessionsBefore);
    expect(await orders()).toEqual({});

    // The record of a finished deletion (kept for good) refuses as well, once closed_accounts is swept.
    await h.database.ref(`${CLOSED_ACCOUNTS_PATH}/${account.uid}`).remove();
    expect((await openCheckout(account, await h.signIn(account.email))).status).toBe(409);
    // Another account is not touched by it.
    expect((await openCheckout(await h.signUp())).status).toBe(201);
  });

  it('that starts while a checkout is being opened: the new session is expired and no order is written', async () => {
    const account = await h.signUp();
    // The deletion records itself just as Stripe opens the session, after stripeCheckout's first check.
    const sessions = h.stripe.checkout.sessions;
    h.checkoutDeps.stripe = Object.create(h.stripe, {
      checkout: {
        value: Object.create(h.stripe.checkout, {
          sessions: {
            value: Object.assign(Object.create(sessions), {
              async create(...args: Parameters<typeof sessions.create>) {
                const created = await sessions.create(...args);
                await h.database.ref(`${CLOSED_ACCOUNTS_PATH}/${account.uid}`).set({ closedAt: Date.now() });
                return created;
              },
            }),
          },
        }),
      },
    }) as Stripe;
    const refused = await openCheckout(account);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: { message: ACCOUNT_CLOSING_MESSAGE } });
    const opened = h.standIn.sessions().filter((session) => session.customer !== null);
    expect(opened.map((session) => session.status)).toEqual(['expired']);
    expect(await orders()).toEqual({});
  });

  it('whose tokens were revoked: the old token is refused by checkout, the portal and the account functions, a new sign-in is not', async () => {
    const account = await h.signUp();
    await openedCheckout(account);
    await nextSecond();
    await h.auth.revokeRefreshTokens(account.uid);

    expect((await openCheckout(account)).status).toBe(401);
    expect((await h.postAs(h.urls.portal, account.token, { returnURL: `${SITE}/order-history` })).status).toBe(401);
    const exported = await h.postAs(h.urls.exportAccountData, account.token, {});
    expect(exported.status).toBe(401);
    // The site asks for the password again on this code (src/features/account/account-data-api.ts).
    expect(exported.json).toMatchObject({ code: 'reauth-required', error: { message: ACCOUNT_MESSAGES.revoked } });

    const fresh = await h.signIn(account.email);
    expect((await openCheckout(account, fresh)).status).toBe(201);
    expect((await h.postAs(h.urls.exportAccountData, fresh, {})).status).toBe(200);
  });
});

describe('a checkout paid after its account began closing', () => {
  /** A checkout opened while the account was open and paid while its deletion runs: the payment
   *  was under way on Stripe's page when the session was expired. */
  async function paidWhileClosing() {
    const account = await h.signUp();
    const created = await openedCheckout(account);
    await h.database.ref().update({
      [`${CLOSED_ACCOUNTS_PATH}/${account.uid}`]: { closedAt: Date.now() },
      [`${ACCOUNT_DELETIONS_PATH}/${uidHash(account.uid)}`]: { startedAt: Date.now() },
    });
    expect((await payPage(created)).status).toBe(303);
    await settled(h.standIn);
    const session = await h.stripe.checkout.sessions.retrieve(created.id);
    return { account, created, subscriptionId: session.subscription as string };
  }

  async function expectCanceledRefundedAnonymised(account: TestAccount, created: Created, subscriptionId: string) {
    expect((await h.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const customerId = await customerOf(subscriptionId);
    const charges = h.standIn.charges().filter((charge) => charge.customer === customerId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ refunded: true, amount_refunded: charges[0]!.amount });
    expect(h.standIn.refunds()).toHaveLength(1);
    const order = (await orders())[created.orderId]!;
    expect(order).toMatchObject({ subscriptionStatus: 'canceled', [PERSONAL_DATA_REMOVED_FIELD]: expect.any(Number) });
    expect(order.buyer).toBeUndefined();
    expect(order.customerEmail).toBeUndefined();
    expect(JSON.stringify(order)).not.toContain(account.uid);
    expect(JSON.stringify(order)).not.toContain(account.email);
    expect((await h.database.ref(`billing/${account.uid}`).get()).exists()).toBe(false);
    const told = mails(account.email, CLOSED_ACCOUNT_REFUND_SUBJECT);
    expect(told).toHaveLength(1);
    expect(told[0]!.params.message_text).toContain(`Your payment of ${formatUsd(charges[0]!.amount)} was refunded in full`);
    expect(h.emailjs.received().filter((mail) => mail.params.to_email === account.email)).toHaveLength(1);
  }

  async function customerOf(subscriptionId: string): Promise<string> {
    return (await h.stripe.subscriptions.retrieve(subscriptionId)).customer as string;
  }

  it('is canceled and refunded by the webhook, its order keeps nobody, and the person is told once', async () => {
    const { account, created, subscriptionId } = await paidWhileClosing();
    await expectCanceledRefundedAnonymised(account, created, subscriptionId);
  });

  it('stays so when Stripe delivers every event again, in another order: one refund, one mail, no email back', async () => {
    const { account, created, subscriptionId } = await paidWhileClosing();
    const events = h.standIn.events().filter((event) => JSON.stringify(event.data.object).includes(created.orderId));
    // Redelivered newest first, the completed checkout among them; the recorded events are
    // answered from stripe_events, so forget those too, as a delivery after the 30 days would be.
    await h.database.ref('stripe_events').remove();
    for (const event of [...events].reverse()) {
      await fetch(`${h.standIn.url}/__events/${event.id}/resend`, { method: 'POST' });
    }
    await settled(h.standIn);
    await expectCanceledRefundedAnonymised(account, created, subscriptionId);
  });
});
