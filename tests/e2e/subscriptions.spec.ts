/** Plans are subscriptions, end to end on the local stack: Checkout in subscription mode, renewals
 *  billed by advancing the customer's Stripe test clock (Stripe's own test-helpers API, on the
 *  stand-in), the billing portal, and a visitor's order that follows them into a new account. */
import Stripe from 'stripe';
import { HOST, PORTS, STRIPE_SECRET_KEY, STRIPE_URL } from '../../emulators/local-config';
import { GUEST_ORDER_TEXTS } from '../../src/catalog/checkout';
import { formatBillingDate } from '../../src/catalog/subscription';
import { paths } from '../../src/config/paths';
import { dismissAlert, expectRefusedRequests, fillSignUp, readDatabase, submitSignUp, uniqueEmail, validSignUp } from './auth.testing';
import { PAY_TIMEOUT_MS, continueToStripe, orderCard, payOnStripe, signInToStore } from './checkout.testing';
import { expect, test } from './fixtures.testing';

const stripe = new Stripe(STRIPE_SECRET_KEY, { host: HOST, port: PORTS.stripe, protocol: 'http' });

interface StoredOrder {
  customerId?: string;
  currentPeriodEnd?: number;
  cancelAt?: number;
  paymentsMade?: number;
  buyer?: string;
}

const readOrder = async (orderId: string) => ((await readDatabase(`all_orders/${orderId}`)) ?? {}) as StoredOrder;

/** Moves the Stripe test clock of the order's customer to just past the current period's end:
 *  Stripe bills the next month, and the webhook tells the site. */
async function advanceToNextPeriod(orderId: string): Promise<void> {
  const { customerId, currentPeriodEnd } = await readOrder(orderId);
  expect(customerId, 'the order knows its Stripe customer').toBeTruthy();
  expect(currentPeriodEnd, 'the order knows when the period ends').toBeTruthy();
  const customer = (await stripe.customers.retrieve(customerId!)) as Stripe.Customer;
  const clock = typeof customer.test_clock === 'string' ? customer.test_clock : customer.test_clock?.id;
  expect(clock, 'every stand-in customer has its own test clock').toBeTruthy();
  await stripe.testHelpers.testClocks.advance(clock!, { frozen_time: Math.floor(currentPeriodEnd! / 1000) + 3600 });
  await expect.poll(async () => (await stripe.testHelpers.testClocks.retrieve(clock!)).status).toBe('ready');
}

async function deliveryCount(): Promise<number> {
  return ((await (await fetch(`${STRIPE_URL}/__deliveries`)).json()) as unknown[]).length;
}

test('a customer subscribes monthly, sees a renewal arrive live, and cancels in the billing portal', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToStore(page);
  await page.goto(paths.productDetails('websites', 'earth'));
  await page.getByRole('group', { name: 'Security' }).getByText('Full (+$799.99)').click();
  await expect(page.getByRole('region', { name: 'Price summary' })).toContainText('$8,299.99 a month for 12 mo.');

  const session = await continueToStripe(page);
  await expect(page.getByText('$8,299.99 / month').first()).toBeVisible();
  const orderId = session.metadata.orderId!;
  const deliveriesBefore = await deliveryCount();
  const paidAt = Date.now();
  await payOnStripe(page);
  await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });

  const card = orderCard(page, 'Web Apps');
  await expect(card).toContainText('$8,299.99 / month');
  await expect(card).toContainText('Status: Active');
  const activeAfterMs = Date.now() - paidAt;
  await expect(card).toContainText('Payments: 1 of 12');
  await expect(card).toContainText('Add-ons: Security');
  const firstPeriodEnd = (await readOrder(orderId)).currentPeriodEnd!;
  await expect(card).toContainText(`Next payment: ${formatBillingDate(firstPeriodEnd)}`);

  // A month passes on Stripe's clock: the renewal shows up without a reload.
  await advanceToNextPeriod(orderId);
  await expect(card).toContainText('Payments: 2 of 12');
  const secondPeriodEnd = (await readOrder(orderId)).currentPeriodEnd!;
  expect(secondPeriodEnd).toBeGreaterThan(firstPeriodEnd);
  await expect(card).toContainText(`Next payment: ${formatBillingDate(secondPeriodEnd)}`);

  const manageAt = Date.now();
  await card.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/p/session/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Leopard' })).toBeVisible();
  const portalAfterMs = Date.now() - manageAt;
  await page.getByRole('link', { name: 'Cancel plan' }).click();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  // Stripe's page writes the month out in full.
  const longDate = new Date(secondPeriodEnd).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  await expect(page.getByText(`Cancels on ${longDate}`)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Leopard' }).click();

  await expect(page).toHaveURL(paths.orderHistory);
  await expect(card).toContainText(`Status: Cancels on ${formatBillingDate(secondPeriodEnd)}`);
  await expect(card).toContainText('Payments: 2 of 12');
  await expect(card).not.toContainText('Next payment');
  expect((await readOrder(orderId)).cancelAt).toBe(secondPeriodEnd);
  // Figures for the issue note (other tests running at once add their deliveries to the count).
  console.log(
    `figures: Pay → order Active ${activeAfterMs} ms; Manage billing → portal ${portalAfterMs} ms; webhook deliveries ${(await deliveryCount()) - deliveriesBefore}`,
  );
});

test('Payment methods: Add card opens the billing portal, and the card saved there is shown', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  await signInToStore(page);
  await page.goto(paths.paymentMethods);
  const addCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Add card' }) });
  await expect(addCard).toContainText('No card on file yet.');
  await addCard.getByRole('button', { name: 'Add card' }).click();
  // No plan bought yet, so no billing account to manage.
  await expect(page.getByRole('dialog')).toContainText('Your billing account is created with your first plan.');
  await dismissAlert(page);
  expectRefusedRequests(consoleErrors, 404);

  await page.goto(paths.productDetails('mobile_apps', 'bronze'));
  await continueToStripe(page);
  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await payOnStripe(page);
  await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });

  await page.goto(paths.paymentMethods);
  await expect(addCard).toContainText('Card on file: Mastercard •••• 4444');
  await addCard.getByRole('button', { name: 'Add card' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/p/session/`));
  await page.getByRole('link', { name: 'Update payment method' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.getByRole('link', { name: 'Return to Leopard' }).click();
  await expect(page).toHaveURL(paths.paymentMethods);
  await expect(addCard).toContainText('Card on file: Visa •••• 4242');
});

test('a visitor subscribes, sees what was bought, signs up from the thank-you page and finds the order there', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('guest');
  await page.goto(paths.productDetails('software_saas', 'gold'));
  await expect(page.getByText('You are checking out as a guest')).toBeVisible();
  const session = await continueToStripe(page);
  const orderId = session.metadata.orderId!;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await payOnStripe(page);

  await expect(page).toHaveURL(`${paths.thankYou}?session_id=${session.id}`, { timeout: PAY_TIMEOUT_MS });
  const summary = page.getByRole('region', { name: 'Your order' });
  await expect(summary).toContainText('Gold plan for Software & SaaS');
  await expect(summary).toContainText('Then $15,000.00 / month plus tax, billed monthly for 12 months');
  await expect(summary).toContainText('Status: Active');
  await expect(summary).toContainText('Payments: 1 of 12');
  expect((await readOrder(orderId)).buyer).toBeUndefined();

  // Signing up from here comes back here: the session is the proof of purchase that adds the
  // order to the new account (docs/decisions/0110-guest-orders-by-proof-of-purchase.md).
  await summary.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${paths.signUp}\\?next=`));
  await fillSignUp(page, validSignUp({ email }));
  await submitSignUp(page);
  await dismissAlert(page);
  await expect(page).toHaveURL(`${paths.thankYou}?session_id=${session.id}`);
  await expect(summary.getByRole('status')).toHaveText(GUEST_ORDER_TEXTS.added);
  expect((await readOrder(orderId)).buyer).toBeTruthy();

  await summary.getByRole('link', { name: 'See my orders' }).click();
  await expect(orderCard(page, 'Software & SaaS')).toContainText('Payments: 1 of 12');
  await expect(orderCard(page, 'Software & SaaS')).toContainText('Gold plan');
});
