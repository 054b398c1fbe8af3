/** Refunds are made in Stripe (its Dashboard calls the same `POST /v1/refunds`), and the customer's
 *  order card follows them live: a partial refund shows its amount, the rest makes it Refunded
 *  (docs/decisions/0108-staff-console.md). Here the refunds go to the local stack's Stripe stand-in
 *  with the secret key, as Stripe's API takes them. */
import Stripe from 'stripe';
import { HOST, PORTS, STRIPE_SECRET_KEY, STRIPE_URL } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { readDatabase } from './auth.testing';
import { PAY_TIMEOUT_MS, UNTAXED_BILLING_ADDRESS, continueToStripe, orderCard, payOnStripe, signInToStore } from './checkout.testing';
import { expect, test } from './fixtures.testing';

const stripe = new Stripe(STRIPE_SECRET_KEY, { host: HOST, port: PORTS.stripe, protocol: 'http' });

test('a refund made through Stripe’s API turns the customer’s order card to Refunded, live', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToStore(page);
  await page.goto(paths.productDetails('websites', 'earth'));
  const session = await continueToStripe(page);
  // Untaxed, so the charge is the catalogue's $7,500.00 and the refunds below are parts of it.
  await payOnStripe(page, { address: UNTAXED_BILLING_ADDRESS });
  await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });
  const card = orderCard(page, 'Web Apps');
  await expect(card).toContainText('Status: Active');

  const order = (await readDatabase(`all_orders/${session.metadata.orderId!}`)) as { customerId?: string } | null;
  expect(order?.customerId, 'the order knows its Stripe customer').toBeTruthy();
  const [charge] = (await stripe.charges.list({ customer: order!.customerId! })).data;
  expect(charge).toMatchObject({ amount: 750_000, amount_refunded: 0 });
  // Whatever happens next must reach this page without a reload.
  await page.evaluate(() => Object.assign(window, { leopardNotReloaded: true }));

  // A raw form POST, as any Stripe client (and the Dashboard) sends it.
  const partial = await fetch(`${STRIPE_URL}/v1/refunds`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ charge: charge.id, amount: '100000' }),
  });
  expect(partial.status).toBe(200);
  await expect(card).toContainText('Status: Refunded $1,000.00 of $7,500.00');

  await stripe.refunds.create({ payment_intent: charge.payment_intent as string });
  await expect(card).toContainText(/Status: Refunded(?! \$)/);
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { leopardNotReloaded?: boolean }).leopardNotReloaded)).toBe(true);
});
