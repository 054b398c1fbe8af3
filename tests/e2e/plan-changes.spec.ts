/** Billing self-service end to end on the local stack (docs/decisions/0114-plan-changes-and-proration.md,
 *  docs/decisions/0117-guest-manage-links.md): a customer changes plan on the order card and finds
 *  the proration invoice and its PDF there, then downgrades and finds the same credit in the
 *  preview, on the card, in Stripe's portal and in the data export; a guest opens the billing portal from the mailed Manage
 *  your plan link, once, and cancels. */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { EMAILJS_URL, STRIPE_URL } from '../../emulators/local-config';
import { GUEST_ORDER_TEXTS } from '../../src/catalog/checkout';
import { formatUsd } from '../../src/catalog/money';
import { GUEST_PORTAL_MESSAGES } from '../../src/catalog/plan-changes';
import { SERVICE_LABELS } from '../../src/catalog/services';
import { formatBillingDate } from '../../src/catalog/subscription';
import { paths } from '../../src/config/paths';
import { MANAGE_PLAN_TEXTS } from '../../src/features/account/manage-plan-texts';
import { createAccount, expectRefusedRequests, readDatabase, signInThroughPage, uniqueEmail } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { PASSWORD, PAY_TIMEOUT_MS, continueToStripe, orderCard, payOnStripe, signInToStore } from './checkout.testing';
import { expect, test } from './fixtures.testing';

const SERVICE = SERVICE_LABELS.websites;

/** The hosted checkout as a buyer completes it: for a visitor the email, then the Terms and a
 *  California billing address (payOnStripe's), so invoices carry tax. */
async function completeCheckout(page: Page, email?: string): Promise<void> {
  if (email) await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await payOnStripe(page);
}

const invoices = (page: Page) => orderCard(page, SERVICE).getByRole('region', { name: 'Invoices' });

test('a customer changes Gold to Diamond Peak on the order card, sees it live, downloads the proration invoice, then goes back to Gold for a credit that the card, the portal and the export tell alike', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await signInToStore(page);
  await page.goto(paths.productDetails('websites', 'gold'));
  await expect(page.getByRole('region', { name: 'Price summary' })).toContainText('for 12 mo., then ends unless renewed');
  const session = await continueToStripe(page);
  const orderId = session.metadata.orderId!;
  const paidAt = Date.now();
  await completeCheckout(page);
  await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });

  const card = orderCard(page, SERVICE);
  await expect(card).toContainText('Status: Active');
  const activeAfterMs = Date.now() - paidAt;
  await expect(card).toContainText('Gold plan');
  await expect(card).toContainText('$15,000.00 / month');
  const termEndsAt = (await readDatabase(`all_orders/${orderId}/termEndsAt`)) as number;
  await expect(card).toContainText(`Term ends on ${formatBillingDate(termEndsAt)}`);
  await expect(invoices(page).getByRole('listitem')).toHaveCount(1);

  await card.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  await expect(dialog.getByRole('radio', { name: /^Gold/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /^Diamond Peak/ }).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog).toContainText(/Due now \$[\d,]+\.\d\d \(prorated\)/);
  await expect(dialog).toContainText('Then $25,000.00 / month');
  // The rest on a phone: the dialog fits the screen, and nothing in it breaks WCAG.
  await page.setViewportSize({ width: 375, height: 740 });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  await expectNoAxeViolations(page);
  const changeAt = Date.now();
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();

  // The webhook brings the new plan to the card without a reload.
  await expect(card).toContainText('Diamond Peak plan');
  await expect(card).toContainText('$25,000.00 / month');
  const updatedAfterMs = Date.now() - changeAt;
  await expect(card).toContainText('Status: Active');

  // The proration invoice is listed first, with tax, and its PDF is a PDF.
  await expect(invoices(page).getByRole('listitem')).toHaveCount(2);
  const proration = invoices(page).getByRole('listitem').first();
  await expect(proration).toContainText('Paid');
  await expect(proration).toContainText(/Tax \$[1-9]/);
  await expect(proration.getByRole('link', { name: /^View invoice/ })).toHaveAttribute('target', '_blank');
  const pdfLink = proration.getByRole('link', { name: /^Download PDF/ });
  const pdfUrl = (await pdfLink.getAttribute('href'))!;
  expect(pdfUrl.startsWith(STRIPE_URL)).toBe(true);
  // Stripe's PDF is on another origin: Chromium opens it in the new tab, in its PDF viewer (which
  // is what a response body then holds), rather than saving it; the file itself is fetched again.
  const [opened] = await Promise.all([page.context().waitForEvent('response', (response) => response.url() === pdfUrl), pdfLink.click()]);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toMatch(/^application\/pdf/);
  const pdf = await page.request.get(pdfUrl);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page).toHaveURL(paths.orderHistory);
  await expectNoAxeViolations(page);

  const stored = (await readDatabase(`all_orders/${orderId}`)) as { tier: string; amountPerPeriod: number };
  expect(stored).toMatchObject({ tier: 'diamond-peak', amountPerPeriod: 25_000_00 });

  // Back to Gold, on the phone: a credit for the rest of the period. The preview, the card, Stripe's
  // portal and the data export tell the same credit, and none calls it a payment.
  await card.getByRole('button', { name: 'Change plan' }).click();
  await expect(dialog.getByRole('radio', { name: /^Diamond Peak .* Current plan$/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /^Gold/ }).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(/^Due now /)).toHaveText('Due now $0.00');
  const creditLine = dialog.getByText(/^A credit of .* goes to your account balance and is taken by your next invoices\.$/);
  const [, credit, creditTax] = /^A credit of (\$[\d,]+\.\d\d) \(including (\$[\d,]+\.\d\d) tax\)/.exec((await creditLine.textContent())!)!;
  await dialog.getByRole('button', { name: 'Confirm change' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Gold plan');
  await expect(invoices(page).getByRole('listitem')).toHaveCount(3);
  const creditItem = invoices(page).getByRole('listitem').first();
  await expect(creditItem).toContainText(`Credit ${credit!}`);
  await expect(creditItem).toContainText(`Tax ${creditTax!}`);
  await expect(creditItem).toContainText('To your balance');
  await expect(creditItem).not.toContainText(/-\$|Paid/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const itemBox = (await creditItem.boundingBox())!;
    expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(width);
  }

  await card.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/p/session/`));
  await expect(page.getByRole('row').filter({ hasText: `-${credit!}` })).toContainText('Paid');
  await expect(page.getByTestId('credit-balance')).toHaveText(credit!);
  await page.getByRole('link', { name: 'Return to Leopard' }).click();
  await expect(page).toHaveURL(paths.orderHistory);

  await page.goto(paths.profileSettings);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const exported = JSON.parse(await readFile((await (await downloading).path())!, 'utf8')) as {
    orders: { id: string; invoices: Record<string, unknown>[] }[];
  };
  const creditInvoice = exported.orders.find((order) => order.id === orderId)!.invoices.find((invoice) => invoice.kind === 'credit')!;
  expect(formatUsd(creditInvoice.creditCents as number)).toBe(credit);
  expect(formatUsd(creditInvoice.taxCents as number)).toBe(creditTax);
  expect(creditInvoice).not.toHaveProperty('total');

  expect(consoleErrors).toEqual([]);
  console.log(`figures: Pay → order Active ${activeAfterMs} ms; Confirm change → updated card ${updatedAfterMs} ms`);
});

/** The Manage your plan link mailed to `email` (its path and query), from the EmailJS stand-in. */
async function manageLinkFor(email: string): Promise<string> {
  type Mail = { params: Record<string, unknown> };
  const find = async () =>
    ((await (await fetch(`${EMAILJS_URL}/__received`)).json()) as Mail[]).find(
      (mail) => mail.params.to_email === email && String(mail.params.message_text).includes(paths.managePlan),
    );
  await expect.poll(find, { timeout: 15_000 }).toBeTruthy();
  const link = /https?:\/\/\S+\/manage-plan\?token=[-\w]+/.exec(String((await find())!.params.message_text));
  expect(link).not.toBeNull();
  const url = new URL(link![0]);
  return url.pathname + url.search;
}

test('a guest opens the billing portal from the mailed link, once, and cancels; the order shows it', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('guest-manage');
  await page.goto(paths.productDetails('websites', 'earth'));
  await expect(page.getByText('You are checking out as a guest')).toBeVisible();
  const session = await continueToStripe(page);
  const orderId = session.metadata.orderId!;
  await completeCheckout(page, email);
  await expect(page).toHaveURL(`${paths.thankYou}?session_id=${session.id}`, { timeout: PAY_TIMEOUT_MS });

  const link = await manageLinkFor(email);
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_URL}/p/session/`));
  await page.getByRole('link', { name: 'Cancel plan' }).click();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/Cancels on/)).toBeVisible();
  await page.getByRole('link', { name: /^Return to/ }).click();
  await expect(page).toHaveURL(paths.home);
  await expect.poll(async () => readDatabase(`all_orders/${orderId}/cancelAt`)).toBeTruthy();
  const cancelAt = (await readDatabase(`all_orders/${orderId}/cancelAt`)) as number;

  // The link was spent: opened again, it says so and what to do.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: MANAGE_PLAN_TEXTS.spentTitle })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(GUEST_PORTAL_MESSAGES.spent);
  // A forged one is not ours.
  await page.goto(`${paths.managePlan}?token=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: MANAGE_PLAN_TEXTS.unknownTitle })).toBeVisible();
  expectRefusedRequests(consoleErrors, 410);
  expectRefusedRequests(consoleErrors, 404);

  // The buyer keeps the order in an account from the thank-you page: its card says it ends.
  const buyer = uniqueEmail('guest-account');
  await createAccount(buyer, PASSWORD);
  await page.goto(`${paths.thankYou}?session_id=${session.id}`);
  await page.getByRole('region', { name: 'Your order' }).getByRole('link', { name: 'Sign in' }).click();
  await signInThroughPage(page, { email: buyer, password: PASSWORD });
  await expect(page).toHaveURL(`${paths.thankYou}?session_id=${session.id}`);
  await expect(page.getByRole('region', { name: 'Your order' }).getByRole('status')).toHaveText(GUEST_ORDER_TEXTS.added);
  await page.getByRole('link', { name: 'See my orders' }).click();
  await expect(orderCard(page, SERVICE)).toContainText(`Status: Cancels on ${formatBillingDate(cancelAt)}`);
});
