/**
 * After Checkout as production has it: Stripe sends the buyer back at once and its webhook comes
 * later (the stand-in's webhook delay). The thank-you page and the order card say "Confirming your
 * payment…", update by themselves when the webhook settles the order, and after a minute say what
 * to do (docs/decisions/0125-operations-and-cleanup.md). The minute is jumped over with
 * Playwright's clock (docs/decisions/0107-test-suite-time.md); the webhook's delay is real time.
 */
import type { Page } from '@playwright/test';
import { STRIPE_URL } from '../../emulators/local-config';
import { PAYMENT_CONFIRMING } from '../../src/catalog/subscription';
import { paths } from '../../src/config/paths';
import { readDatabase } from './auth.testing';
import { continueToStripe, orderCard, payOnStripe, signInToStore } from './checkout.testing';
import { expect, test } from './fixtures.testing';

/** Long enough to see the waiting state, short enough for the suite. */
const WEBHOOK_DELAY_MS = 6_000;
const LATE = 'This is taking longer than usual';

/**
 * Pays on the stand-in's hosted checkout with this session's webhook delayed. The delay is the
 * session's own (`POST /__webhook-delay` with `session`): the other workers' checkouts, this
 * file's other test included, keep their events at once.
 */
async function payWithDelayedWebhook(page: Page, sessionId: string, backTo: string): Promise<void> {
  const response = await fetch(`${STRIPE_URL}/__webhook-delay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ms: WEBHOOK_DELAY_MS, session: sessionId }),
  });
  expect(response.status).toBe(200);
  await payOnStripe(page);
  await expect(page).toHaveURL(backTo, { timeout: WEBHOOK_DELAY_MS / 2 });
}

test.describe('a payment Stripe confirms after the buyer is back', () => {
  test('the thank-you page says Confirming your payment…, after a minute what to do, then Active without a reload', async ({ page }) => {
    await page.clock.install();
    // A guest comes back to the thank-you page (a signed-in buyer to the order history, below).
    await page.goto(paths.productDetails('websites', 'earth'));
    const session = await continueToStripe(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('confirming@e2e.leopard.test');
    await payWithDelayedWebhook(page, session.id, `${paths.thankYou}?session_id=${session.id}`);

    const summary = page.getByRole('region', { name: 'Your order' });
    await expect(summary).toContainText(`Status: ${PAYMENT_CONFIRMING.label}`);
    expect(await readDatabase(`all_orders/${session.metadata.orderId}/subscriptionStatus`)).toBeNull();
    await expect(summary).not.toContainText(LATE);

    await page.clock.fastForward('01:00');
    await expect(summary.getByRole('status').filter({ hasText: LATE })).toContainText('no need to pay again');

    // The webhook arrives (real time); the page asks again by itself.
    await expect(summary).toContainText('Status: Active', { timeout: WEBHOOK_DELAY_MS + 15_000 });
    await expect(summary).not.toContainText(LATE);
    await expect(summary).not.toContainText(PAYMENT_CONFIRMING.label);
  });

  test('the order card says Confirming your payment… and turns Active live', async ({ page }) => {
    await signInToStore(page);
    await page.goto(paths.productDetails('mobile_apps', 'earth'));
    const session = await continueToStripe(page);
    await payWithDelayedWebhook(page, session.id, paths.orderHistory);

    const card = orderCard(page, 'Mobile Apps');
    await expect(card).toContainText(`Status: ${PAYMENT_CONFIRMING.label}`);
    await expect(card).toContainText('Status: Active', { timeout: WEBHOOK_DELAY_MS + 10_000 });
    await expect(card).not.toContainText(PAYMENT_CONFIRMING.label);
  });
});
