/**
 * After Checkout as production has it: Stripe sends the buyer back at once and its webhook comes
 * later (the stand-in's webhook delay). The thank-you page and the order card say "Confirming your
 * payment…", update by themselves when the webhook settles the order, and after a minute say what
 * to do (docs/decisions/0125-operations-and-cleanup.md). The minute is jumped over with
 * Playwright's clock (docs/decisions/0107-test-suite-time.md); the webhook's delay is real time.
 * A checkout left on Stripe's page before Pay is not that: it is "Not paid yet", with Complete
 * payment (the same open session) and Remove, and "Expired" once Stripe expires it
 * (src/catalog/unpaid-checkouts.ts), at 1,280 and 375 px.
 */
import type { Page } from '@playwright/test';
import { STRIPE_URL } from '../../emulators/local-config';
import type { ServiceId } from '../../src/catalog/services';
import { PAYMENT_CONFIRMING } from '../../src/catalog/subscription';
import { UNPAID_CHECKOUT_TEXTS as UNPAID } from '../../src/catalog/unpaid-checkouts';
import { paths } from '../../src/config/paths';
import { readDatabase } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
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

/** What the stand-in says of a session now. */
async function standInStatus(id: string): Promise<string | undefined> {
  const sessions = (await (await fetch(`${STRIPE_URL}/__sessions`)).json()) as { id: string; status: string }[];
  return sessions.find((session) => session.id === id)?.status;
}

/** A new customer's checkout of the service's Earth plan, left on Stripe's page: its order card,
 *  Not paid yet. */
async function leftBeforePay(page: Page, service: ServiceId, label: string) {
  await signInToStore(page);
  await page.goto(paths.productDetails(service, 'earth'));
  const session = await continueToStripe(page);
  await page.goto(paths.orderHistory);
  const card = orderCard(page, label);
  await expect(card).toContainText(`Status: ${UNPAID.notPaid}`);
  return { session, card };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test.describe(`a checkout left before Pay, at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('is Not paid yet: Complete payment reopens its own session, Remove asks first, expires it at Stripe and takes it away', async ({
      page,
    }) => {
      const { session, card } = await leftBeforePay(page, 'mobile_apps', 'Mobile Apps');
      await expect(card).not.toContainText(PAYMENT_CONFIRMING.label);
      await expect(card).toContainText(UNPAID.notPaidNote);

      await card.getByRole('button', { name: UNPAID.resume }).click();
      await expect(page).toHaveURL(session.url!);
      await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();

      await page.goto(paths.orderHistory);
      await card.getByRole('button', { name: UNPAID.remove }).click();
      const dialog = page.getByRole('dialog', { name: UNPAID.confirmTitle });
      await expect(dialog).toContainText(UNPAID.confirmBody);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: UNPAID.keep }).click();
      await expect(dialog).toHaveCount(0);
      await expect(card).toHaveCount(1);
      expect(await standInStatus(session.id)).toBe('open');

      await card.getByRole('button', { name: UNPAID.remove }).click();
      await dialog.getByRole('button', { name: UNPAID.confirmRemove }).click();
      await expect(card).toHaveCount(0);
      expect(await standInStatus(session.id)).toBe('expired');
      expect(await readDatabase(`all_orders/${session.metadata.orderId}/payment_status`)).toBe('expired');
      await page.reload();
      await expect(page.getByText('You have no orders yet.')).toBeVisible();
    });

    test('turns Expired live when Stripe expires the session, with Remove and nothing to pay', async ({ page }) => {
      const { session, card } = await leftBeforePay(page, 'websites', 'Web Apps');

      // Stripe's own expiry, brought forward (the stand-in's test control).
      const expired = await fetch(`${STRIPE_URL}/__sessions/${session.id}/expire`, { method: 'POST' });
      expect(expired.status).toBe(200);
      await expect(card).toContainText('Status: Expired');
      await expect(card).toContainText(UNPAID.expiredNote);
      await expect(card.getByRole('button', { name: UNPAID.resume })).toHaveCount(0);
      await expect(card.getByRole('button', { name: UNPAID.remove })).toBeVisible();
    });
  });
}
