// claimGuestOrders and the claim link, written as the attacks: over real HTTP with the real
// `stripe` SDK against the Stripe stand-in, firebase-admin against the database emulator and the
// webhook mailing through the EmailJS stand-in. A guest's order joins an account only by proof of
// purchase (docs/decisions/0110-guest-orders-by-proof-of-purchase.md): never by an email that
// matches, however verified.
import { beforeAll, describe, expect, it } from 'vitest';
import { orderPath, CLAIM_LINKS_PATH } from '../../../src/data/orders';
import { read, settled, SITE } from '../testing/backends.testing';
import { bearer, startCheckout, useMailingHarness, type Account, buy } from '../checkout/store.testing';
import { CLAIM_LINK_LIFETIME_MS } from './claim-links';
import { CUSTOMERS_PATH } from '../stripe/customers';
import { CLAIM_MESSAGES } from './guest-orders';
import { CLAIM_ORDER_SUBJECT, ORDER_CONFIRMATION_SUBJECT } from '../mail';
import { post } from '../http/http.testing';

const PRIVATE_KEY = 'emailjs_private_guest_orders';
const harness = useMailingHarness('guest-orders', PRIVATE_KEY, { requirePrivateKey: true });
let stripeRequests = 0;

beforeAll(() => {
  harness.stripe.on('request', () => (stripeRequests += 1));
});

/** A visitor's paid checkout, with this email typed on Stripe's page. */
async function guestPurchase(email: string, choices: Parameters<typeof startCheckout>[1] = {}) {
  const created = await buy(harness, choices, { email });
  return created;
}

const claim = (account: Account | null, body: unknown) => post(harness.urls.claim, body, account ? bearer(account) : {});
const buyerOf = (orderId: string) => read<string>(harness.database, `${orderPath(orderId)}/buyer`);

/** The claim link mails so far (the order confirmation goes to the same address beside them). */
function claimMails() {
  return harness.emailjs.received().filter((mail) => mail.params.subject === CLAIM_ORDER_SUBJECT);
}

/** The claim links mailed so far: recipient and token, from what the EmailJS stand-in received. */
function mailedLinks(): { to: string; token: string; subject: string }[] {
  return claimMails().map((mail) => {
    const text = String(mail.params.message_text);
    const url = new URL(/https?:\/\/\S+\/claim-order\?token=\S+/.exec(text)![0]);
    return { to: String(mail.params.to_email), subject: String(mail.params.subject), token: url.searchParams.get('token')! };
  });
}

describe('claimGuestOrders by the Checkout session', () => {
  it('gives the buyer the order, with the guest’s customer and card, once', async () => {
    const bought = await guestPurchase('kat@example.com');
    // The account's email has nothing to do with it: the session is the proof.
    const account = harness.signIn({ email: 'someone-else@example.net', emailVerified: false });

    expect(await claim(account, { sessionId: bought.id })).toEqual({
      status: 200,
      json: { statusCode: 200, data: { orderId: bought.orderId, linked: true } },
    });
    expect(await buyerOf(bought.orderId)).toBe(account.uid);
    const customerId = await read<string>(harness.database, `${orderPath(bought.orderId)}/customerId`);
    expect(await read(harness.database, `${CUSTOMERS_PATH}/${account.uid}/stripeCustomerId`)).toBe(customerId);
    expect(await read(harness.database, `billing/${account.uid}/card`)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    expect((await harness.stripe.customers.retrieve(customerId!)) as { metadata: unknown }).toMatchObject({
      metadata: { uid: account.uid },
    });
    expect((await post(harness.urls.portal, { returnURL: `${SITE}/order-history` }, bearer(account))).status).toBe(201);

    // Again (a reload of the thank-you page): still theirs, nothing new.
    expect(await claim(account, { sessionId: bought.id })).toMatchObject({ status: 200, json: { data: { linked: false } } });
    // Another account with the same session id cannot move it.
    const other = harness.signIn({ email: 'kat@example.com' });
    expect(await claim(other, { sessionId: bought.id })).toEqual({
      status: 409,
      json: { statusCode: 409, error: { message: CLAIM_MESSAGES.taken } },
    });
    expect(await buyerOf(bought.orderId)).toBe(account.uid);
    expect(await read(harness.database, `${CUSTOMERS_PATH}/${other.uid}`)).toBeNull();
  });

  it('never gives a guest order to the owner of the email typed at checkout, verified, signing in again and again', async () => {
    // A visitor pays and types Vera's address on Stripe's page (by mistake, or to hand her the order).
    const bought = await guestPurchase('vera@example.com');
    const ownOrder = await startCheckout(harness, {}, harness.signIn());
    const vera = harness.signIn({ email: 'vera@example.com', emailVerified: true });

    for (let attempt = 0; attempt < 3; attempt += 1) {
      const again = harness.signIn({ email: 'vera@example.com', emailVerified: true });
      // The old claim: no proof at all.
      expect(await claim(again, {})).toMatchObject({ status: 400, json: { error: { message: CLAIM_MESSAGES.body } } });
      expect(await claim(again, { email: 'vera@example.com' })).toMatchObject({ status: 400 });
      expect(await claim(again, { sessionId: bought.id, token: 'x' })).toMatchObject({ status: 400 });
    }
    // A session id of someone else's order, and guessed ones.
    expect(await claim(vera, { sessionId: ownOrder.id })).toMatchObject({ status: 409 });
    expect(await claim(vera, { sessionId: 'cs_test_guessed_0000000000000000' })).toEqual({
      status: 404,
      json: { statusCode: 404, error: { message: CLAIM_MESSAGES.unknownSession } },
    });
    expect(await claim(vera, { token: `${bought.orderId}.${'A'.repeat(43)}` })).toMatchObject({
      status: 404,
      json: { error: { message: CLAIM_MESSAGES.unknownLink } },
    });

    expect(await buyerOf(bought.orderId)).toBeNull();
    expect(await read(harness.database, `${CUSTOMERS_PATH}/${vera.uid}`)).toBeNull();
    expect(await read(harness.database, `billing/${vera.uid}`)).toBeNull();
    // The payer, back on the thank-you page with the session, gets it.
    const payer = harness.signIn({ email: 'payer@example.org' });
    expect(await claim(payer, { sessionId: bought.id })).toMatchObject({ status: 200, json: { data: { linked: true } } });
    expect(await buyerOf(bought.orderId)).toBe(payer.uid);
  });

  it('refuses an open (unpaid) checkout’s session, and a visitor or a forged sign-in (401)', async () => {
    const open = await startCheckout(harness);
    const account = harness.signIn();
    expect(await claim(account, { sessionId: open.id })).toEqual({
      status: 409,
      json: { statusCode: 409, error: { message: CLAIM_MESSAGES.notPaid } },
    });
    expect(await buyerOf(open.orderId)).toBeNull();
    expect(await claim(null, { sessionId: open.id })).toMatchObject({ status: 401, json: { error: { message: CLAIM_MESSAGES.signIn } } });
    expect((await post(harness.urls.claim, { sessionId: open.id }, bearer('forged'))).status).toBe(401);
  });

  it('never moves an order that has a buyer: a signed-in buyer’s order stays theirs', async () => {
    const owner = harness.signIn();
    const created = await buy(harness, {}, { account: owner });
    const intruder = harness.signIn();
    expect(await claim(intruder, { sessionId: created.id })).toMatchObject({ status: 409 });
    expect(await buyerOf(created.orderId)).toBe(owner.uid);
    // A signed-in buyer's checkout mails no claim link (only the order confirmation).
    expect(claimMails()).toEqual([]);
    expect(harness.emailjs.received().map((mail) => mail.params.subject)).toEqual([ORDER_CONFIRMATION_SUBJECT]);
  });

  it('lets one of two accounts racing with the same session have the order', async () => {
    const bought = await guestPurchase('race@example.com');
    const [first, second] = [harness.signIn(), harness.signIn()];
    const answers = await Promise.all([claim(first, { sessionId: bought.id }), claim(second, { sessionId: bought.id })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? first : second;
    expect(await buyerOf(bought.orderId)).toBe(winner.uid);
  });

  it('asks Stripe nothing about session ids that are none of our orders’', async () => {
    const account = harness.signIn();
    const before = stripeRequests;
    for (let index = 0; index < 50; index += 1) {
      expect((await claim(account, { sessionId: `cs_test_guess_${index}_${'x'.repeat(40)}` })).status).toBe(404);
    }
    expect(stripeRequests - before).toBe(0);
  });
});

describe('the claim link', () => {
  it('is mailed once to the address given at checkout, and adds the order to the account that opens it, once', async () => {
    const bought = await guestPurchase('Lin@Example.com');
    const mails = mailedLinks();
    expect(mails).toEqual([
      { to: 'lin@example.com', subject: CLAIM_ORDER_SUBJECT, token: expect.stringMatching(/^[-\w]{20}\.[-\w]{43}$/) },
    ]);
    expect(claimMails()[0]!.withPrivateKey).toBe(true);
    const { token } = mails[0]!;
    expect(token.startsWith(`${bought.orderId}.`)).toBe(true);
    // Only the token's hash is stored.
    const stored = await read<Record<string, unknown>>(harness.database, `${CLAIM_LINKS_PATH}/${bought.orderId}`);
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]);
    expect(stored).toMatchObject({ mail: 'sent' });
    expect((stored!.expiresAt as number) - (stored!.createdAt as number)).toBe(CLAIM_LINK_LIFETIME_MS);

    // Stripe delivering the completion again sends no second mail, even when the webhook had not
    // recorded the event (a crash after the mail) and so processes it afresh.
    const completed = harness.standIn.events().find((event) => event.type === 'checkout.session.completed')!;
    await harness.database.ref(`stripe_events/${completed.id}`).remove();
    await fetch(`${harness.standIn.url}/__events/${completed.id}/resend`, { method: 'POST' });
    await settled(harness.standIn);
    expect(await read(harness.database, `stripe_events/${completed.id}/claimMail`)).toBe('already-sent');
    expect(claimMails()).toHaveLength(1);

    expect(await claim(null, { token })).toMatchObject({ status: 401 });
    const lin = harness.signIn({ email: 'whatever@example.com', emailVerified: false });
    expect(await claim(lin, { token })).toEqual({
      status: 200,
      json: { statusCode: 200, data: { orderId: bought.orderId, linked: true } },
    });
    expect(await buyerOf(bought.orderId)).toBe(lin.uid);
    // The same person opening it again sees it is theirs; anyone else finds it spent.
    expect(await claim(lin, { token })).toMatchObject({ status: 200, json: { data: { linked: false } } });
    expect(await claim(harness.signIn(), { token })).toEqual({
      status: 410,
      json: { statusCode: 410, error: { message: CLAIM_MESSAGES.usedLink } },
    });
    expect(await buyerOf(bought.orderId)).toBe(lin.uid);
  });

  it('works only for its own order: a forged secret, another order’s id or a mangled token is refused', async () => {
    const first = await guestPurchase('one@example.com');
    const second = await guestPurchase('two@example.com');
    const [one, two] = mailedLinks().map((mail) => mail.token);
    const secretOfOne = one!.split('.')[1]!;
    const account = harness.signIn();
    for (const forged of [
      `${second.orderId}.${secretOfOne}`,
      `${first.orderId}.${secretOfOne.slice(0, -1)}${secretOfOne.endsWith('A') ? 'B' : 'A'}`,
      `${first.orderId}.${'-'.repeat(43)}`,
      secretOfOne,
      `${first.orderId}/${secretOfOne}`,
      '',
    ]) {
      expect(await claim(account, { token: forged })).toMatchObject({
        status: 404,
        json: { error: { message: CLAIM_MESSAGES.unknownLink } },
      });
    }
    expect(await buyerOf(first.orderId)).toBeNull();
    expect(await buyerOf(second.orderId)).toBeNull();
    // The real tokens still work, each for its own order.
    expect(await claim(account, { token: two })).toMatchObject({ status: 200, json: { data: { orderId: second.orderId } } });
    expect(await buyerOf(first.orderId)).toBeNull();
  });

  it('is refused once expired, and once the buyer has claimed the order through the session', async () => {
    const expiring = await guestPurchase('late@example.com');
    const claimedFirst = await guestPurchase('mistyped@example.com');
    const [late, mistyped] = mailedLinks().map((mail) => mail.token);
    // Thirty days pass: the record's expiry is now behind us.
    await harness.database.ref(`${CLAIM_LINKS_PATH}/${expiring.orderId}/expiresAt`).set(Date.now() - 1);
    const account = harness.signIn();
    expect(await claim(account, { token: late })).toEqual({
      status: 410,
      json: { statusCode: 410, error: { message: CLAIM_MESSAGES.expiredLink } },
    });
    expect(await buyerOf(expiring.orderId)).toBeNull();

    // The payer claims through the session; the owner of the mistyped address then holds a spent link.
    const payer = harness.signIn();
    expect((await claim(payer, { sessionId: claimedFirst.id })).status).toBe(200);
    expect(await claim(account, { token: mistyped })).toMatchObject({ status: 410, json: { error: { message: CLAIM_MESSAGES.usedLink } } });
    expect(await buyerOf(claimedFirst.orderId)).toBe(payer.uid);
  });
});
