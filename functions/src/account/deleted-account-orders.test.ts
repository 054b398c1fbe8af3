// What a stranger can reach of a deleted account's orders, written as the attacks: the old
// /thank-you?session_id=… address (browser history, a shared screen, the data export) and any link
// of the order, against claimGuestOrders, checkoutSummary and guestPortal. Real accounts and ID
// tokens from firebase-tools' Auth emulator, the real deleteAccount, the database emulator and the
// Stripe and EmailJS stand-ins. Deletion keeps the orders for accounting without their buyer
// (docs/decisions/0119-account-deletion-and-retention.md); none of them may ever join another
// account or show anything of the person (docs/decisions/0110-guest-orders-by-proof-of-purchase.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { orderPath, CLAIM_LINKS_PATH, MANAGE_LINKS_PATH } from '../../../src/data/orders';
import { identityToolkit } from '../testing/auth-emulator.testing';
import { CLOSED_ORDER_MESSAGE, handleCheckoutSummary } from '../orders/checkout-summary';
import { mailClaimLink } from '../orders/claim-links';
import { CUSTOMERS_PATH } from '../stripe/customers';
import { CLAIM_MESSAGES, handleClaimGuestOrders } from '../orders/guest-orders';
import { handleGuestPortal } from '../orders/guest-portal';
import { post, type JsonAnswer } from '../http/http.testing';
import { mailOrderConfirmation, mailPaymentFailed } from '../billing/billing-mail';
import { applyCheckoutEvent } from '../webhook/checkout-events';
import { CLAIM_ORDER_SUBJECT } from '../mail';
import { mintManageLink } from '../billing/manage-links';
import { SITE, useAccountHarness, type AccountHarness, type TestAccount } from './account.testing';

const h: AccountHarness = useAccountHarness('deleted-account-orders');
const urls = { claim: '', summary: '', guestPortal: '' };
const CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };

beforeAll(async () => {
  const { auth, database, stripe } = h;
  const deps = { auth, database, stripe, siteOrigins: [SITE] };
  urls.claim = await h.servers.serve('claimGuestOrders', (rq, rs) => handleClaimGuestOrders(rq, rs, deps));
  urls.summary = await h.servers.serve('checkoutSummary', (rq, rs) => handleCheckoutSummary(rq, rs, deps));
  urls.guestPortal = await h.servers.serve('guestPortal', (rq, rs) => handleGuestPortal(rq, rs, deps));
});

async function read(path: string): Promise<unknown> {
  return (await h.database.ref(path).get()).val();
}

const claim = (token: string, body: unknown) => h.call(urls.claim, token, body);

async function summaryOf(sessionId: string): Promise<JsonAnswer> {
  const response = await fetch(`${urls.summary}?session_id=${encodeURIComponent(sessionId)}`);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A paid monthly plan of a Stripe customer, its order as the webhook records it. */
async function paidOrder(customerId: string, buyer: string, email: string) {
  const plan = await h.subscribe(customerId, buyer, email);
  const sessionId = (await read(`${orderPath(plan.orderId)}/stripeId`)) as string;
  return { ...plan, sessionId };
}

/** A customer with a card summary and a plan who then deletes their account, as the site does it. */
async function deletedAccountsOrder(): Promise<{ account: TestAccount; customerId: string; orderId: string; sessionId: string }> {
  const account = await h.account();
  const customerId = await h.customer(account);
  const { orderId, sessionId } = await paidOrder(customerId, account.uid, account.email);
  await h.database.ref(`billing/${account.uid}`).set({ card: CARD, cardFetchedAt: 1 });
  expect(await h.call(h.urls.deleteAccount, account.token, { confirmation: 'DELETE' })).toEqual({ status: 200, json: { deleted: true } });
  return { account, customerId, orderId, sessionId };
}

/** Nothing of the order, of the stranger's account or of Stripe's customer changed. */
async function expectUntouched(stranger: TestAccount, customerId: string, orderId: string, order: unknown, owner: TestAccount) {
  expect(await read(orderPath(orderId))).toEqual(order);
  expect(await read(`${CUSTOMERS_PATH}/${stranger.uid}`)).toBeNull();
  expect(await read(`billing/${stranger.uid}`)).toBeNull();
  const customer = await h.stripe.customers.retrieve(customerId);
  expect((customer as { metadata: Record<string, string> }).metadata).toEqual({ uid: owner.uid });
}

describe('a deleted account’s order, reached with its old session id', () => {
  it('is claimed by no one: a stranger gets no order, no customer, no card, and the thank-you page shows nothing of it', async () => {
    const { account, customerId, orderId, sessionId } = await deletedAccountsOrder();
    const kept = await read(orderPath(orderId));
    const stranger = await h.account();

    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await claim(stranger.token, { sessionId })).toEqual({
        status: 410,
        json: { statusCode: 410, error: { message: CLAIM_MESSAGES.closed } },
      });
    }
    await expectUntouched(stranger, customerId, orderId, kept, account);

    // The thank-you page's question: not even what was bought, or for how much.
    const summary = await summaryOf(sessionId);
    expect(summary).toEqual({ status: 410, json: { statusCode: 410, error: { message: CLOSED_ORDER_MESSAGE } } });
    expect(JSON.stringify(summary.json)).not.toMatch(/earth|websites|8300|monthly/i);
  });

  it('is claimed by no link either: a claim link or a manage link minted after the deletion opens nothing', async () => {
    const { account, customerId, orderId } = await deletedAccountsOrder();
    const order = (await read(orderPath(orderId))) as Record<string, unknown>;
    // Deletion removed the links it found; the webhook mints new ones for an order without a buyer
    // (a completion event delivered again, an invoice's mail), mailed to what Stripe keeps.
    await mailClaimLink({ database: h.database, mail: h.mail }, { orderId, order, email: account.email });
    const mailed = h.emailjs.received().filter((mail) => mail.params.subject === CLAIM_ORDER_SUBJECT);
    expect(mailed.map((mail) => mail.params.to_email)).toEqual([account.email]);
    const claimUrl = new URL(/https?:\/\/\S+\/claim-order\?token=\S+/.exec(String(mailed[0]!.params.message_text))![0]);
    const manageToken = await mintManageLink(h.database, { orderId, customerId, now: Date.now() });
    const kept = await read(orderPath(orderId));
    const stranger = await h.account();

    expect(await claim(stranger.token, { token: claimUrl.searchParams.get('token') })).toEqual({
      status: 410,
      json: { statusCode: 410, error: { message: CLAIM_MESSAGES.closed } },
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await post(urls.guestPortal, { token: manageToken })).toMatchObject({
        status: 410,
        json: { error: { message: CLOSED_ORDER_MESSAGE } },
      });
    }
    await expectUntouched(stranger, customerId, orderId, kept, account);
  });
});

describe('a deleted account’s order, as the webhook meets it again', () => {
  it('mints no claim or manage link and mails nobody: a completion delivered again, a failed payment, the confirmation', async () => {
    const { account, orderId, sessionId } = await deletedAccountsOrder();
    const session = await h.stripe.checkout.sessions.retrieve(sessionId);
    const before = h.emailjs.received().length;
    const deps = { database: h.database, stripe: h.stripe, mail: h.mail };

    // Stripe redelivers a completion for days; as a guest's session (no uid) it would mail a claim link.
    await applyCheckoutEvent(
      deps,
      { kind: 'checkout-session', sessionId, orderId, reported: 'paid', session: { ...session, metadata: { orderId } } },
      'checkout.session.completed',
    );
    expect(
      await mailPaymentFailed(deps, {
        orderId,
        invoice: { id: 'in_after_deletion', amount_due: 8300, hosted_invoice_url: null, customer_email: account.email },
      }),
    ).toEqual({ paymentFailedMail: 'no-email' });
    expect(await mailOrderConfirmation(deps, { orderId, session: { customer_details: null, customer_email: account.email } })).toEqual({
      confirmationMail: 'no-email',
    });

    expect(h.emailjs.received().slice(before)).toEqual([]);
    expect(await read(`${CLAIM_LINKS_PATH}/${orderId}`)).toBeNull();
    const links = (await h.database.ref(MANAGE_LINKS_PATH).orderByChild('orderId').equalTo(orderId).get()).val() as unknown;
    expect(links).toBeNull();
  });
});

describe('claimGuestOrders and who may claim', () => {
  /** A guest's paid order: a Stripe customer Checkout made for the purchase, and no buyer. */
  async function guestOrder() {
    const customer = await h.stripe.customers.create({ email: 'guest@example.com' });
    const bought = await paidOrder(customer.id, 'nobody-yet', 'guest@example.com');
    await h.database.ref(`${orderPath(bought.orderId)}/buyer`).remove();
    return { ...bought, customerId: customer.id };
  }

  it('refuses an anonymous visitor’s token (401), and gives the order to the real account that then claims it', async () => {
    const { orderId, sessionId, customerId } = await guestOrder();
    // The forms' kind of sign-in: accounts:signUp without an email.
    const anonymous = (await identityToolkit(h.authUrl, 'signUp', { returnSecureToken: true })) as { idToken: string; localId: string };

    expect(await claim(anonymous.idToken, { sessionId })).toEqual({
      status: 401,
      json: { statusCode: 401, error: { message: CLAIM_MESSAGES.anonymous } },
    });
    expect(await read(`${orderPath(orderId)}/buyer`)).toBeNull();
    expect(await read(`${CUSTOMERS_PATH}/${anonymous.localId}`)).toBeNull();

    const buyer = await h.account();
    expect(await claim(buyer.token, { sessionId })).toEqual({
      status: 200,
      json: { statusCode: 200, data: { orderId, linked: true } },
    });
    expect(await read(`${orderPath(orderId)}/buyer`)).toBe(buyer.uid);
    expect(await read(`${CUSTOMERS_PATH}/${buyer.uid}/stripeCustomerId`)).toBe(customerId);
  });
});
