// unpaidCheckout written as the attacks beside each happy path: over real HTTP with the real
// `stripe` SDK against the Stripe stand-in (which expires sessions as Stripe does) and
// firebase-admin against the database emulator, the webhook delivering every event. A checkout
// left on Stripe's page is Not paid yet; only the session's owner completes or removes it, and the
// order moves only by what Stripe says of the session.
import { describe, expect, it } from 'vitest';
import { UNPAID_CHECKOUT_MESSAGES as MESSAGES } from '../../../src/catalog/unpaid-checkouts';
import { CHECKOUT_COMPLETED_FIELD, ORDER_REMOVED_FIELD } from '../../../src/data/orders';
import { post } from '../http/http.testing';
import { readOrder, settled } from '../testing/backends.testing';
import { bearer, buy, pay, startCheckout, useHarness, useServed, type Account } from './store.testing';
import { handleUnpaidCheckout } from './unpaid-checkout';

const harness = useHarness('unpaid-checkout');
const served = useServed(harness, 'unpaidCheckout', handleUnpaidCheckout);

const call = (body: unknown, account?: Account | string) => post(served.url, body, account === undefined ? {} : bearer(account));
const order = (orderId: string) => readOrder(harness, orderId);

/** A signed-in buyer's checkout, left open on Stripe's page. */
async function leftOpen() {
  const account = harness.signIn();
  const created = await startCheckout(harness, {}, account);
  return { account, ...created };
}

async function sessionStatus(id: string) {
  return (await harness.stripe.checkout.sessions.retrieve(id)).status;
}

describe('unpaidCheckout resume: Complete payment', () => {
  it('answers the still-open session’s own address to its owner, and changes nothing', async () => {
    const { account, id, url, orderId } = await leftOpen();
    const before = await order(orderId);
    expect(await call({ action: 'resume', orderId }, account)).toEqual({
      status: 200,
      json: { statusCode: 200, data: { state: 'open', url } },
    });
    expect(await sessionStatus(id)).toBe('open');
    expect(await order(orderId)).toEqual(before);
  });

  it('refuses another signed-in account (403), a visitor (401) and a forged token (401), giving no address', async () => {
    const { orderId } = await leftOpen();
    const stranger = harness.signIn();
    expect(await call({ action: 'resume', orderId }, stranger)).toEqual({
      status: 403,
      json: { statusCode: 403, error: { message: MESSAGES.notYours } },
    });
    expect(await call({ action: 'resume', orderId })).toMatchObject({ status: 401, json: { error: { message: MESSAGES.signIn } } });
    expect(await call({ action: 'resume', orderId }, 'forged.token')).toMatchObject({
      status: 401,
      json: { error: { message: MESSAGES.badToken } },
    });
  });

  it('refuses a guest’s checkout to any account: it has no owner to ask for it', async () => {
    const guest = await startCheckout(harness);
    const someone = harness.signIn();
    expect(await call({ action: 'resume', orderId: guest.orderId }, someone)).toMatchObject({ status: 403 });
    expect(await call({ action: 'remove', orderId: guest.orderId }, someone)).toMatchObject({ status: 403 });
    expect(await sessionStatus(guest.id)).toBe('open');
  });

  it('refuses a forged order id and a malformed request without telling whether an order exists', async () => {
    const { account } = await leftOpen();
    expect(await call({ action: 'resume', orderId: '-Nforged000000000001' }, account)).toMatchObject({
      status: 403,
      json: { error: { message: MESSAGES.notYours } },
    });
    for (const body of [{ action: 'resume', orderId: '../customers' }, { action: 'pay', orderId: '-Nforged000000000001' }, {}]) {
      expect(await call(body, account)).toMatchObject({ status: 400, json: { error: { message: MESSAGES.invalid } } });
    }
  });

  it('says Expired for a session Stripe expired (410), and the order reads expired even before the webhook', async () => {
    const { account, id, orderId } = await leftOpen();
    harness.standIn.setWebhookDelay(60_000);
    try {
      expect(await harness.standIn.expireSession(id)).toBe(true);
      expect(await call({ action: 'resume', orderId }, account)).toEqual({
        status: 410,
        json: { statusCode: 410, error: { message: MESSAGES.expired } },
      });
      expect(await order(orderId)).toMatchObject({ payment_status: 'expired' });
    } finally {
      harness.standIn.setWebhookDelay(0);
    }
  });

  it('refuses a paid order (409): nothing to complete', async () => {
    const account = harness.signIn();
    const { orderId } = await buy(harness, {}, { account });
    expect(await call({ action: 'resume', orderId }, account)).toMatchObject({
      status: 409,
      json: { error: { message: MESSAGES.alreadyPaid } },
    });
  });
});

describe('unpaidCheckout returned: the buyer back from Stripe’s success URL', () => {
  it('records the return once Stripe says the session is complete, while the webhook is still on its way', async () => {
    const { id, url, orderId } = await leftOpen();
    harness.standIn.setWebhookDelay(2_000);
    try {
      await pay({ url });
      expect(await order(orderId)).toMatchObject({ payment_status: 'unpaid' });
      expect(await call({ action: 'returned', sessionId: id })).toEqual({
        status: 200,
        json: { statusCode: 200, data: { state: 'complete' } },
      });
      expect((await order(orderId))?.[CHECKOUT_COMPLETED_FIELD]).toEqual(expect.any(Number));
    } finally {
      harness.standIn.setWebhookDelay(0);
    }
    await settled(harness.standIn);
    expect(await order(orderId)).toMatchObject({ payment_status: 'paid', subscriptionStatus: 'active' });
  });

  it('records nothing for a forged return of a session still open: the order stays Not paid yet', async () => {
    const { id, orderId } = await leftOpen();
    expect(await call({ action: 'returned', sessionId: id })).toEqual({ status: 200, json: { statusCode: 200, data: { state: 'open' } } });
    expect(await order(orderId)).not.toHaveProperty(CHECKOUT_COMPLETED_FIELD);
  });

  it('answers 404 for a session of no order of ours, without asking Stripe', async () => {
    expect(await call({ action: 'returned', sessionId: 'cs_test_guessed_0000000000' })).toMatchObject({
      status: 404,
      json: { error: { message: MESSAGES.notFound } },
    });
  });
});

describe('unpaidCheckout remove', () => {
  it('expires the open session at Stripe first, then removes the order from the buyer’s orders', async () => {
    const { account, id, orderId } = await leftOpen();
    expect(await call({ action: 'remove', orderId }, account)).toEqual({
      status: 200,
      json: { statusCode: 200, data: { state: 'expired', removed: true } },
    });
    expect(await sessionStatus(id)).toBe('expired');
    await settled(harness.standIn);
    // The record stays for the webhook (its expiry event applied, not retried), marked removed.
    expect(await order(orderId)).toMatchObject({ payment_status: 'expired', [ORDER_REMOVED_FIELD]: expect.any(Number) });
    const expiry = harness.standIn.deliveries().filter((delivery) => delivery.eventType === 'checkout.session.expired');
    expect(expiry.map((delivery) => delivery.status)).toEqual([200]);
    // Once removed it is not the buyer's to act on any more.
    expect(await call({ action: 'resume', orderId }, account)).toMatchObject({ status: 403 });
  });

  it('removes an order Stripe already expired, and a replayed expiry event changes nothing', async () => {
    const { account, id, orderId } = await leftOpen();
    await harness.standIn.expireSession(id);
    await settled(harness.standIn);
    expect(await order(orderId)).toMatchObject({ payment_status: 'expired' });
    expect(await call({ action: 'remove', orderId }, account)).toMatchObject({ status: 200 });
    const removed = await order(orderId);
    const [expired] = harness.standIn.events().filter((event) => event.type === 'checkout.session.expired');
    const replay = await fetch(`${harness.standIn.url}/__events/${expired!.id}/resend`, { method: 'POST' });
    expect(replay.status).toBe(200);
    expect(await order(orderId)).toEqual(removed);
  });

  it('refuses another account (403) and leaves the session open and the order as it was', async () => {
    const { id, orderId } = await leftOpen();
    const before = await order(orderId);
    expect(await call({ action: 'remove', orderId }, harness.signIn())).toMatchObject({
      status: 403,
      json: { error: { message: MESSAGES.notYours } },
    });
    expect(await sessionStatus(id)).toBe('open');
    expect(await order(orderId)).toEqual(before);
  });

  it('refuses a paid order, and one paid after the return but before the webhook (409): a payment is never removed', async () => {
    const account = harness.signIn();
    const paid = await buy(harness, {}, { account });
    expect(await call({ action: 'remove', orderId: paid.orderId }, account)).toMatchObject({
      status: 409,
      json: { error: { message: MESSAGES.alreadyPaid } },
    });

    const { id, url, orderId } = await startCheckout(harness, {}, account).then((created) => created);
    harness.standIn.setWebhookDelay(2_000);
    try {
      await pay({ url });
      expect(await call({ action: 'remove', orderId }, account)).toMatchObject({
        status: 409,
        json: { error: { message: MESSAGES.paidMeanwhile } },
      });
      expect(await sessionStatus(id)).toBe('complete');
    } finally {
      harness.standIn.setWebhookDelay(0);
    }
    await settled(harness.standIn);
    expect(await order(orderId)).toMatchObject({ payment_status: 'paid' });
    expect(await order(orderId)).not.toHaveProperty(ORDER_REMOVED_FIELD);
  });
});
