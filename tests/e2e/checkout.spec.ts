/** The whole purchase in the browser, on the local stack: the store and product-details pages, the
 *  stripeCheckout function, the Stripe stand-in's hosted page and the webhook settling the order. */
import { STRIPE_URL } from '../../emulators/local-config';
import { CHECKOUT_CANCELED } from '../../src/catalog/checkout';
import { UNPAID_CHECKOUT_TEXTS } from '../../src/catalog/unpaid-checkouts';
import { paths } from '../../src/config/paths';
import { expectRefusedRequests, readDatabase } from './auth.testing';
import { PAY_TIMEOUT_MS, continueToStripe, orderCard, payOnStripe, signInToStore } from './checkout.testing';
import { FUNCTION_CALL_TIMEOUT_MS, expect, test } from './fixtures.testing';
import { clickHydrated } from './hydration.testing';

test('a customer buys a plan from the store, pays, and sees the order paid', async ({ page }) => {
  const uid = await signInToStore(page);
  await clickHydrated(page.getByRole('link', { name: 'Purchase Now Web Apps' }));
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

  // The Terms and a billing address first (docs/decisions/0116-tax-consent-and-promotion-codes.md).
  await payOnStripe(page);
  await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });
  const order = orderCard(page, 'Web Apps');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('Earth plan');
  await expect(order).toContainText('$92,500.00 / year');
  await expect(order).toContainText('Status: Active');
  await expect(order).toContainText('Payments: 1 of 1');
  await expect(order).toContainText('Add-ons: Additional storage (500GB)');
  expect(await readDatabase(`all_orders/${orderId}/payment_status`)).toBe('paid');
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`Cancel on the payment page says nothing was charged, keeps the configuration and leaves the order Not paid yet (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInToStore(page);
    await page.goto(paths.productDetails('mobile_apps', 'bronze'));
    await page.getByRole('group', { name: 'Security' }).getByText('Full (+$799.99)').click();
    const detailsUrl = page.url();

    const session = await continueToStripe(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: CHECKOUT_CANCELED.text })).toBeVisible();
    // Said once: the address is the plan page's own again.
    await expect(page).toHaveURL(detailsUrl);
    await expect(page.getByRole('group', { name: 'Security' }).getByRole('radio', { name: 'Full (+$799.99)' })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Price summary' })).toContainText('$10,799.99 a month for 12 mo.');
    expect(await readDatabase(`all_orders/${session.metadata.orderId}/payment_status`)).toBe('unpaid');

    await page.goto(paths.orderHistory);
    await expect(orderCard(page, 'Mobile Apps')).toContainText(`Status: ${UNPAID_CHECKOUT_TEXTS.notPaid}`);
    await expect(orderCard(page, 'Mobile Apps')).toContainText('Payments: 0 of 12');
  });
}

test('a visitor checks out as a guest: the order has no buyer, and Pay ends on the thank-you page', async ({ page }) => {
  await page.goto(paths.productDetails('software_saas', 'gold'));
  await expect(page.getByText('You are checking out as a guest')).toBeVisible();
  await page.getByRole('group', { name: 'Digital marketing' }).getByText('Full (+$3,750.00)').click();

  const session = await continueToStripe(page);
  const orderId = session.metadata.orderId!;
  const order = (await readDatabase(`all_orders/${orderId}`)) as Record<string, unknown>;
  expect(order).toMatchObject({
    product: 'software_saas',
    tier: 'gold',
    marketingSelected: true,
    productAmount: 18_750_00,
    payment_status: 'unpaid',
  });
  expect(order).not.toHaveProperty('buyer');

  // Stripe asks a guest for the email the receipt goes to.
  await page.getByLabel('Email', { exact: true }).fill('guest-checkout@e2e.leopard.test');
  await payOnStripe(page);
  await expect(page).toHaveURL(`${paths.thankYou}?session_id=${session.id}`, { timeout: PAY_TIMEOUT_MS });
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
        status: 402,
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
        times: 1,
        match: { 'metadata[service]': 'websites', 'metadata[plan]': 'diamond-peak', 'metadata[period]': 'yearly' },
      },
    }),
  });
  expect(control.ok).toBe(true);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();

  await expect(page.getByRole('alert')).toContainText('Checkout could not start.', { timeout: FUNCTION_CALL_TIMEOUT_MS });
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page).toHaveURL(paths.productDetails('websites', 'diamond-peak'));
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
  await expect(page.getByRole('group', { name: 'Billing' }).getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /storage/ })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Price summary' })).toContainText('$304,500.00 for the year');
  expectRefusedRequests(consoleErrors, 502);
});
