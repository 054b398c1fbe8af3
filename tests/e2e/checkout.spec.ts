/** The whole purchase in the browser, on the local stack: the store and product-details pages, the
 *  stripeCheckout function, the Stripe stand-in's hosted page and the webhook settling the order. */
import type { Page } from '@playwright/test';
import { STRIPE_URL } from '../../emulators/local-config';
import { paths } from '../../src/config/paths';
import { createAccount, expectRefusedRequests, readDatabase, signInThroughPage, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';

const PASSWORD = 'checkout-123';
/** The stand-in redirects after Pay only once the webhook was delivered (with its retries). */
const PAY_TIMEOUT_MS = 20_000;

interface StandInSession {
  id: string;
  url: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  amount_total: number;
}

/** A new customer, signed in through the sign-in page, on the store. */
async function signInToStore(page: Page): Promise<string> {
  const email = uniqueEmail('checkout');
  const uid = await createAccount(email, PASSWORD);
  await signInThroughPage(page, { email, password: PASSWORD }, `${paths.signIn}?next=${paths.store}`);
  await expect(page).toHaveURL(paths.store);
  return uid;
}

/** The stand-in's session behind the hosted page the browser is on. */
async function sessionOnScreen(page: Page): Promise<StandInSession> {
  const sessions = (await (await fetch(`${STRIPE_URL}/__sessions`)).json()) as StandInSession[];
  const session = sessions.find((candidate) => candidate.url === page.url());
  expect(session, `a stand-in session for ${page.url()}`).toBeDefined();
  return session!;
}

async function continueToStripe(page: Page): Promise<StandInSession> {
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/c/pay/cs_`));
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return sessionOnScreen(page);
}

const orderCard = (page: Page, service: string) =>
  page.getByRole('region', { name: 'Your orders' }).getByRole('article').filter({ has: page.getByRole('heading', { name: service }) });

test('a customer buys a plan from the store, pays, and sees the order paid', async ({ page }) => {
  const uid = await signInToStore(page);
  await page.getByRole('link', { name: 'Purchase Now Web Apps' }).click();
  await page.getByRole('link', { name: 'Buy Earth' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earth plan for Web Apps' })).toBeVisible();
  await expect(page.getByText('After paying you come back to your order history.')).toBeVisible();

  await page.getByRole('group', { name: 'Billing' }).getByText('Yearly').click();
  await page.getByRole('checkbox', { name: /storage/ }).check();
  await page.getByRole('group', { name: 'Do you have an application to trade in?' }).getByText('Yes').click();
  await page.getByRole('combobox', { name: 'Where does your application run?' }).selectOption({ label: 'Wix' });
  await expect(page.getByRole('region', { name: 'Price summary' })).toContainText('$92,500.00 for the year');

  const session = await continueToStripe(page);
  expect(session.amount_total).toBe(92_500_00);
  await expect(page.getByTestId('total')).toHaveText('$92,500.00');
  const orderId = session.metadata.orderId!;
  expect(await readDatabase(`all_orders/${orderId}`)).toMatchObject({
    buyer: uid,
    product: 'websites',
    tier: 'earth',
    productAmount: 92_500_00,
    additionalStorage: '500GB',
    applicationExist: true,
    modelExistsOn: 'wix',
    payment_status: 'unpaid',
    stripeId: session.id,
  });

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });
  const order = orderCard(page, 'Web Apps');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('Earth plan');
  await expect(order).toContainText('$92,500.00');
  await expect(order).toContainText('Status: paid');
  expect(await readDatabase(`all_orders/${orderId}/payment_status`)).toBe('paid');
});

test('Cancel on the payment page comes back to the same configuration and leaves the order unpaid', async ({ page }) => {
  await signInToStore(page);
  await page.goto(paths.productDetails('mobile_apps', 'bronze'));
  await page.getByRole('group', { name: 'Security' }).getByText('Full (+$799.99)').click();
  const detailsUrl = page.url();

  const session = await continueToStripe(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(detailsUrl);
  await expect(page.getByRole('group', { name: 'Security' }).getByRole('radio', { name: 'Full (+$799.99)' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Price summary' })).toContainText('$10,799.99 a month for 12 mo.');
  expect(await readDatabase(`all_orders/${session.metadata.orderId}/payment_status`)).toBe('unpaid');

  await page.goto(paths.orderHistory);
  await expect(orderCard(page, 'Mobile Apps')).toContainText('Status: unpaid');
});

test('a visitor checks out as a guest: the order has no buyer, and Pay ends on the thank-you page', async ({ page }) => {
  await page.goto(paths.productDetails('software_saas', 'gold'));
  await expect(page.getByText('You are checking out as a guest')).toBeVisible();
  await page.getByRole('group', { name: 'Digital marketing' }).getByText('Full (+$3,750.00)').click();

  const session = await continueToStripe(page);
  const orderId = session.metadata.orderId!;
  const order = (await readDatabase(`all_orders/${orderId}`)) as Record<string, unknown>;
  expect(order).toMatchObject({ product: 'software_saas', tier: 'gold', marketingSelected: true, productAmount: 18_750_00, payment_status: 'unpaid' });
  expect(order).not.toHaveProperty('buyer');

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(paths.thankYou, { timeout: PAY_TIMEOUT_MS });
  expect(await readDatabase(`all_orders/${orderId}/payment_status`)).toBe('paid');
});

test('when Stripe refuses, the page says why and keeps the configuration', async ({ page, consoleErrors }) => {
  await page.goto(paths.productDetails('websites', 'diamond-peak'));
  await page.getByRole('group', { name: 'Billing' }).getByText('Yearly').click();
  await page.getByRole('checkbox', { name: /storage/ }).check();

  const control = await fetch(`${STRIPE_URL}/__control`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    // Matched to this checkout only, so sessions other tests create meanwhile are unaffected.
    body: JSON.stringify({
      fail: {
        status: 402, type: 'card_error', code: 'card_declined', message: 'Your card was declined.', times: 1,
        match: { 'metadata[service]': 'websites', 'metadata[plan]': 'diamond-peak', 'metadata[period]': 'yearly' },
      },
    }),
  });
  expect(control.ok).toBe(true);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  await expect(page.getByRole('alert')).toContainText('Checkout could not start.');
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page).toHaveURL(paths.productDetails('websites', 'diamond-peak'));
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
  await expect(page.getByRole('group', { name: 'Billing' }).getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /storage/ })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Price summary' })).toContainText('$304,500.00 for the year');
  expectRefusedRequests(consoleErrors, 502);
});
