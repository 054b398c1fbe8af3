/**
 * The thank-you page says what Stripe charged, from the database the webhook keeps (checkoutSummary
 * never asks Stripe): the plan with its add-ons, the promotion code's discount, the tax, the amount
 * charged today, the recurring amount and an order reference; the figures are the stand-in's
 * session's own. A visitor is offered Create your account / Sign in once, and the card keeps the
 * page's margins on a phone. At 1,280 and 375 px.
 */
import type { Locator } from '@playwright/test';
import { STRIPE_URL } from '../../emulators/local-config';
import { formatUsd } from '../../src/catalog/money';
import { paths } from '../../src/config/paths';
import { PAY_TIMEOUT_MS, continueToStripe, payOnStripe } from './checkout.testing';
import { expect, test } from './fixtures.testing';

interface ChargedSession {
  id: string;
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_tax: number };
}

/** The figure beside a term of the summary's list. */
const figure = (summary: Locator, term: string) =>
  summary.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`the thank-you page shows what Stripe charged for add-ons with a promotion code, once, aligned (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(paths.productDetails('software_saas', 'silver'));
    await page.getByRole('checkbox', { name: /storage/ }).check();
    await page.getByRole('group', { name: 'Digital marketing' }).getByText(/^Full/).click();
    const shown = await continueToStripe(page);
    await page.getByLabel('Email', { exact: true }).fill(`thank-you-${viewport.width}@e2e.leopard.test`);
    await payOnStripe(page, { promotionCode: 'LEOPARD10' });
    await expect(page).toHaveURL(`${paths.thankYou}?session_id=${shown.id}`, { timeout: PAY_TIMEOUT_MS });

    const summary = page.getByRole('region', { name: 'Your order' });
    await expect(summary).toContainText('Status: Active');
    const sessions = (await (await fetch(`${STRIPE_URL}/__sessions`)).json()) as ChargedSession[];
    const session = sessions.find((candidate) => candidate.id === shown.id)!;
    expect(session.total_details.amount_discount).toBeGreaterThan(0);
    expect(session.total_details.amount_tax).toBeGreaterThan(0);

    await expect(summary).toContainText('Add-ons: Additional storage');
    await expect(summary).toContainText('Digital marketing');
    await expect(figure(summary, 'Plan and add-ons')).toHaveText(formatUsd(session.amount_subtotal));
    await expect(figure(summary, 'Promotion code LEOPARD10')).toHaveText(`−${formatUsd(session.total_details.amount_discount)}`);
    await expect(figure(summary, 'Tax')).toHaveText(formatUsd(session.total_details.amount_tax));
    await expect(figure(summary, 'Charged today')).toHaveText(formatUsd(session.amount_total));
    // The recurring amount is the plan's: the code takes 10 % off the first payment only.
    await expect(summary).toContainText(`Then ${formatUsd(session.amount_subtotal)} / month plus tax, billed monthly for 12 months`);
    await expect(summary).toContainText(`Order reference: ${shown.metadata.orderId}`);

    // Create your account / Sign in once, in the summary that says what they do.
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Create your account' })).toHaveCount(1);
    await expect(main.getByRole('link', { name: 'Sign in' })).toHaveCount(1);
    await expect(summary.getByRole('link', { name: 'Create your account' })).toBeVisible();

    // Aligned with the page's margins, never edge to edge.
    const box = (await summary.boundingBox())!;
    expect(box.x, 'left margin').toBeGreaterThanOrEqual(16);
    expect(viewport.width - (box.x + box.width), 'right margin').toBeGreaterThanOrEqual(16);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  });
}
