/**
 * Staff decide only what can succeed, are asked before what mails people, and land in their console
 * (docs/decisions/0108-staff-console.md#addendum-2026-11-29-trade-ins-the-customer-sees-and-staff-decide):
 * a declared trade-in the customer sees from checkout to the decision; an order that cannot take a
 * credit shown with the reason and nothing to press (the function refuses it too); a declined
 * pre-order mailed and reopened; the seeded staff account landing at /staff with a header link.
 * At 1,280 and 375 px.
 */
import type { Page } from '@playwright/test';
import { nextPushId } from '@leopard/rtdb-emulator/push-id';
import { STRIPE_SECRET_KEY, STRIPE_URL } from '../../emulators/local-config';
import { DEMO_CUSTOMER, DEMO_STAFF } from '../../emulators/seed';
import { paths } from '../../src/config/paths';
import { PAID_MONTHLY_EARTH } from '../../src/data/orders.testing';
import { TRADE_IN_REFUSALS } from '../../src/data/trade-in';
import { signInThroughPage, updateDatabase } from './auth.testing';
import { orderCard } from './checkout.testing';
import { expectNoAxeViolations } from './axe.testing';
import { expect, test } from './fixtures.testing';
import { clickHydrated } from './hydration.testing';
import {
  callStaffFunction,
  createAccountWithRole,
  idTokenOf,
  mailsTo,
  openPreorders,
  sendPreorderForm,
  signInAt,
  uniqueVisitorEmail,
  visitorPage,
} from './staff.testing';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/** An order key as checkout's push gives one now: the trade-ins list orders the newest first by key,
 *  so a key of another shape would sort among the oldest, behind other tests' orders. */
const orderKey = () => nextPushId(Date.now());

/** Whether focus is inside the open dialog (the Modal's trap). */
const focusInside = (page: Page) => page.getByRole('dialog').evaluate((dialog) => dialog.contains(document.activeElement));

/** The header's Staff console link, behind the menu button on a phone. */
async function staffConsoleLink(page: Page, width: number) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (width < 768) await clickHydrated(page.getByRole('button', { name: 'Menu' }));
  return nav.getByRole('link', { name: 'Staff console' });
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the seeded staff account lands in the console, and the header leads there; a customer sees no such link', async ({
      page,
      browser,
    }) => {
      await signInThroughPage(page, DEMO_STAFF, paths.signIn);
      await expect(page).toHaveURL(paths.staff);
      await expect(page.getByRole('heading', { level: 1, name: 'Staff overview' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Complete your profile' })).toHaveCount(0);

      await page.goto(paths.company);
      const link = await staffConsoleLink(page, viewport.width);
      await expect(link).toHaveAttribute('href', paths.staff);
      await link.click();
      await expect(page).toHaveURL(paths.staff);

      const customer = await (await browser.newContext({ viewport })).newPage();
      await signInThroughPage(customer, DEMO_CUSTOMER, paths.signIn);
      await expect(customer).toHaveURL(paths.dashboard);
      await customer.goto(paths.company);
      if (viewport.width < 768) await clickHydrated(customer.getByRole('button', { name: 'Menu' }));
      const nav = customer.getByRole('navigation', { name: 'Main' });
      // Signed in (a phone's menu lists the Account entries open; a desktop has the Account button).
      await expect(
        viewport.width < 768 ? nav.getByRole('list', { name: 'Account' }) : nav.getByRole('button', { name: 'Account' }),
      ).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Staff console' })).toHaveCount(0);
      await customer.context().close();
    });
  });
}

test('a declared trade-in: the customer sees it awaiting review (375 px), staff decline it (asked first) and it reads declined; an unpaid order shows why it cannot be credited', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const buyer = await createAccountWithRole('trade-in-buyer', null);
  // A Stripe customer the stand-in knows, as a paid order has: the customer area asks Stripe about it.
  const created = await fetch(`${STRIPE_URL}/v1/customers`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}` },
    body: new URLSearchParams({ email: buyer.email }),
  });
  const customerId = ((await created.json()) as { id: string }).id;
  const paid = orderKey();
  const unpaid = orderKey();
  const common = { pushKey: 'pk', stripeId: 'cs_test_e2e', buyer: buyer.uid, customerEmail: buyer.email, createdAt: Date.now() };
  await updateDatabase({
    [`all_orders/${paid}`]: {
      ...PAID_MONTHLY_EARTH,
      ...common,
      modelExistsOn: 'wordpress',
      productAmount: 1_500_000,
      amountPerPeriod: 1_500_000,
      customerId,
      paymentsMade: 1,
    },
    [`all_orders/${unpaid}`]: {
      ...common,
      product: 'mobile_apps',
      tier: 'earth',
      securitySelected: false,
      marketingSelected: false,
      applicationExist: true,
      modelExistsOn: 'shopify',
      productAmount: 1_500_000,
      payment_status: 'unpaid',
    },
  });

  await page.setViewportSize({ width: 375, height: 740 });
  await signInAt(page, buyer, paths.orderHistory);
  const card = orderCard(page, 'Web Apps');
  await expect(card).toContainText('Trade-in: WordPress — awaiting review');
  await page.goto(paths.dashboard);
  await expect(page.getByRole('region', { name: 'Active plans' })).toContainText('Trade-in: WordPress — awaiting review');

  const admin = await createAccountWithRole('admin', 'admin');
  const desk = await visitorPage(browser);
  await signInAt(desk, admin, paths.staffTradeIns);
  const byOrder = (platform: string) =>
    desk
      .getByRole('article')
      .filter({ has: desk.getByRole('link', { name: buyer.email, exact: true }) })
      .filter({ hasText: `${platform}: ` });

  // The unpaid order: the reason, and nothing to press; the function refuses it all the same.
  const refused = byOrder('Shopify');
  await expect(refused).toContainText(`Cannot be credited: ${TRADE_IN_REFUSALS.unpaid}`);
  await expect(refused.getByRole('button')).toHaveCount(0);
  const call = await callStaffFunction({ action: 'confirmTradeIn', orderId: unpaid }, await idTokenOf(admin));
  expect([call.status, ((await call.json()) as { error: { message: string } }).error.message]).toEqual([409, TRADE_IN_REFUSALS.unpaid]);

  // Decline asks first, naming who is mailed; Escape cancels with nothing done.
  const item = byOrder('WordPress');
  await item.getByRole('button', { name: 'Decline trade-in' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Decline this trade-in?' });
  await expect(dialog).toContainText(`${buyer.email} is mailed that the trade-in was declined`);
  await expect.poll(() => focusInside(desk)).toBe(true);
  await expectNoAxeViolations(desk);
  await desk.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(item).toContainText('WordPress: awaiting review');
  await item.getByRole('button', { name: 'Decline trade-in' }).click();
  await dialog.getByRole('button', { name: 'Decline and mail the customer' }).click();
  await expect(item).toContainText('WordPress: declined');
  await expect(item.getByRole('button')).toHaveCount(0);
  await desk.context().close();

  // The customer's card follows, live, and the decision reached them once.
  await page.goto(paths.orderHistory);
  await expect(card).toContainText('Trade-in: WordPress — declined');
  await expect
    .poll(async () => (await mailsTo(buyer.email)).map((mail) => mail.params.subject))
    .toEqual(['Your Leopard trade-in was declined']);
  const [mail] = await mailsTo(buyer.email);
  expect(String(mail!.params.message_text)).toContain('Trade-in: WordPress — declined.');
});

test('a declined pre-order (375 px): asked first, the person is mailed, and an admin reopens it', async ({ page, browser }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const visitor = await visitorPage(browser);
  const email = uniqueVisitorEmail();
  const name = `Ines ${email.slice(8, 16)}`;
  await sendPreorderForm(visitor, { name, email });
  await visitor.context().close();

  const admin = await createAccountWithRole('admin', 'admin');
  await signInAt(page, admin, paths.staffProgrammes);
  const card = (await openPreorders(page)).getByRole('article', { name });
  await card.getByRole('button', { name: /^Decline/ }).click();
  const dialog = page.getByRole('dialog', { name: `Decline the pre-order of ${name}?` });
  await expect(dialog).toContainText(`${email} is mailed that the pre-order was declined`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Decline and mail' }).click();
  await expect(card.getByText('Declined', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Pre-order of ${name} declined. A mail told ${email}.` })).toBeAttached();
  await expect
    .poll(async () => (await mailsTo(email)).map((mail) => mail.params.subject))
    .toContain('Your Leopard Space pre-order was declined');

  await card.getByRole('button', { name: /^Reopen/ }).click();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Approve/ })).toBeEnabled();
  await expect(page.getByRole('status').filter({ hasText: `Pre-order of ${name} reopened: pending again.` })).toBeAttached();
});
