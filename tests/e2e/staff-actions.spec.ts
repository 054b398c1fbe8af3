/**
 * What an admin does in the staff console beyond the inbox and the passes
 * (docs/decisions/0108-staff-console.md): confirms a declared trade-in (the customer's Stripe
 * balance is credited once and the customer's own order says so), resends a verification email,
 * grants a role that counts from the person's next sign-in, opens a customer in Stripe's
 * Dashboard; and every such change leaves an audit entry that only admins can read.
 */
import type { Page } from '@playwright/test';
import { STRIPE_SECRET_KEY, STRIPE_URL } from '../../emulators/local-config';
import { TRADE_IN_REWARD_CENTS } from '../../src/catalog/add-ons';
import { BRAND } from '../../src/config/brand';
import { paths } from '../../src/config/paths';
import { pendingPreordersPath } from '../../src/features/staff/staff-links';
import { LIST_PAGE_LIMIT } from '../../src/data/list-index';
import { STAFF_AUDIT_PATH, type StaffAction, type StaffAuditEntry } from '../../src/data/staff';
import { createAccount, readDatabase, signInThroughPage, uniqueEmail } from './auth.testing';
import { PAY_TIMEOUT_MS, continueToStripe, orderCard, payOnStripe, signInToStore } from './checkout.testing';
import { expectNoAxeViolations } from './axe.testing';
import { expect, test } from './fixtures.testing';
import {
  callStaffFunction,
  createAccountWithRole,
  idTokenOf,
  mailsTo,
  NEWEST_PAGE,
  openPreorders,
  readAs,
  sendPreorderForm,
  setRoleInConsole,
  signInAt,
  uniqueVisitorEmail,
  visitorPage,
  type TestAccount,
} from './staff.testing';

/** The audit trail as an admin reads it through the database's REST API (the rules let only
 *  admins read it, a page at a time): the entries of `action` on `target`. */
async function auditEntries(admin: TestAccount, action: StaffAction, target: string): Promise<StaffAuditEntry[]> {
  const response = await readAs(STAFF_AUDIT_PATH, await idTokenOf(admin), {
    orderBy: '"action"',
    equalTo: JSON.stringify(action),
    limitToLast: String(LIST_PAGE_LIMIT),
  });
  expect(response.status).toBe(200);
  const all = Object.values(((await response.json()) ?? {}) as Record<string, StaffAuditEntry>);
  return all.filter((entry) => entry.action === action && entry.target === target);
}

/** A customer buys the Earth plan for Web Apps, declaring an application on Wix to trade in, and
 *  pays; the order history shows it Active. */
async function buyWithTradeIn(page: Page): Promise<string> {
  await signInToStore(page);
  await page.goto(paths.productDetails('websites', 'earth'));
  await page.getByRole('group', { name: 'Do you have an application to trade in?' }).getByText('Yes').click();
  await page.getByRole('combobox', { name: 'Where does your application run?' }).selectOption({ label: 'Wix' });
  const session = await continueToStripe(page);
  await payOnStripe(page);
  await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });
  await expect(orderCard(page, 'Web Apps')).toContainText('Status: Active');
  return session.metadata.orderId!;
}

test('an admin confirms a declared trade-in: credited once in Stripe, and the customer’s order and mails say so', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const orderId = await buyWithTradeIn(page);
  const customerCard = orderCard(page, 'Web Apps');
  // Declared at checkout: the customer sees it, awaiting review, before anyone on the staff acts.
  await expect(customerCard).toContainText('Trade-in: Wix — awaiting review');
  const order = (await readDatabase(`all_orders/${orderId}`)) as { customerId?: string; customerEmail?: string };
  expect(order.customerId, 'the webhook stored the Stripe customer').toBeTruthy();
  expect(order.customerEmail, 'the webhook stored the customer’s email').toBeTruthy();
  const { customerId, customerEmail } = order as { customerId: string; customerEmail: string };
  await expect
    .poll(async () => (await mailsTo(customerEmail)).map((mail) => String(mail.params.message_text)).join('\n'))
    .toContain('Trade-in: Wix — awaiting review.');

  const admin = await createAccountWithRole('admin', 'admin');
  const desk = await visitorPage(browser);
  await signInAt(desk, admin, paths.staffTradeIns);
  const item = desk.getByRole('article').filter({ has: desk.getByRole('link', { name: customerEmail, exact: true }) });
  await expect(item).toContainText('Wix: awaiting review');
  await item.getByRole('button', { name: 'Confirm trade-in' }).click();
  // Asked first, saying what happens to whom.
  const dialog = desk.getByRole('dialog', { name: 'Credit this trade-in?' });
  await expect(dialog).toContainText(`$750 is credited to ${customerEmail}’s Stripe balance`);
  await expectNoAxeViolations(desk);
  await dialog.getByRole('button', { name: 'Credit $750' }).click();
  await expect(item).toContainText('Wix: credited $750');
  await expect(desk.getByRole('status').filter({ hasText: 'Trade-in of Wix credited.' })).toBeAttached();
  // A credited order has nothing left to press; a second call (another tab, a script) changes nothing.
  await expect(item.getByRole('button', { name: 'Confirm trade-in' })).toHaveCount(0);
  const again = await callStaffFunction({ action: 'confirmTradeIn', orderId }, await idTokenOf(admin));
  expect(again.status).toBe(200);
  expect(((await again.json()) as { data: { outcome: string } }).data.outcome).toBe('already-credited');

  // The customer's own order card follows, live, and the decision is mailed once.
  await expect(customerCard).toContainText('Trade-in: Wix — credited $750');
  await expect
    .poll(async () => (await mailsTo(customerEmail)).filter((mail) => mail.params.subject === 'Your Leopard trade-in is credited').length)
    .toBe(1);

  // Stripe holds exactly one credit of the catalogue's reward for this order.
  const balance = await fetch(`${STRIPE_URL}/v1/customers/${customerId}/balance_transactions`, {
    headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}` },
  });
  expect(balance.status).toBe(200);
  const transactions = ((await balance.json()) as { data: { amount: number; metadata: Record<string, string> }[] }).data;
  expect(transactions).toHaveLength(1);
  expect(transactions[0]).toMatchObject({ amount: -TRADE_IN_REWARD_CENTS, metadata: { orderId } });

  // One audit entry, the admin's, for the one change.
  const entries = await auditEntries(admin, 'confirmTradeIn', `all_orders/${orderId}`);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ actorUid: admin.uid, actorEmail: admin.email, role: 'admin', at: expect.any(Number) });

  // The customer's link leads to the account in the console, and Open in Stripe to the Dashboard's
  // customer page in the key's mode (test keys: /test/).
  await item.getByRole('link', { name: customerEmail, exact: true }).click();
  const account = desk.getByRole('region', { name: 'Account' });
  await expect(account).toContainText(customerId);
  const stripeLink = account.getByRole('link', { name: /^Open in Stripe/ });
  await expect(stripeLink).toHaveAttribute('href', `https://dashboard.stripe.com/test/customers/${customerId}`);
  await expect(stripeLink).toHaveAttribute('target', '_blank');
  await expect(desk.getByRole('region', { name: 'Orders' }).getByRole('article')).toContainText('Wix: credited $750');
  await desk.context().close();
});

test('Resend verification email: the mail reaches the account’s address, and the change is audited', async ({ page }) => {
  const email = uniqueEmail('unverified');
  const uid = await createAccount(email, 'unverified-123');
  const admin = await createAccountWithRole('admin', 'admin');
  await signInAt(page, admin, paths.staffCustomers);
  await page.getByLabel('Email of the account').fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText('Email not verified', { exact: true })).toBeVisible();

  await account.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Verification email sent to ${email}.` })).toBeAttached();
  await expect(account.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);

  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
  const [mail] = await mailsTo(email);
  expect(mail!.params.subject).toBe(`Verify your ${BRAND.name} email`);
  expect(String(mail!.params.message_text)).toMatch(/oobCode=/);

  const entries = await auditEntries(admin, 'resendVerification', `user:${uid}`);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ actorUid: admin.uid, role: 'admin' });
});

test('an admin grants support from Customers: after signing in again the person has the console, without admin actions', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const person = await createAccountWithRole('colleague', null);
  await signInAt(page, person, paths.dashboard);
  await page.goto(paths.staff);
  await expect(page.getByRole('heading', { level: 1, name: 'This area is for Leopard staff' })).toBeVisible();

  // A pending pre-order, so the Programmes page has an Approve button to show.
  const visitor = await visitorPage(browser);
  const visitorEmail = uniqueVisitorEmail();
  const name = `Ria ${visitorEmail.slice(8, 16)}`;
  await sendPreorderForm(visitor, { name, email: visitorEmail });
  await visitor.context().close();

  const admin = await createAccountWithRole('admin', 'admin');
  expect(await setRoleInConsole(browser, admin, person.email, 'Support')).toContain('It counts from their next visit to the console.');

  // The person signs out and in again: the new claim is in their token.
  await page.goto(paths.dashboard);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(paths.signIn);
  await page.goto(paths.staffProgrammes);
  await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(paths.staffProgrammes)}`);
  await signInThroughPage(page, person);
  await expect(page).toHaveURL(paths.staffProgrammes);
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toBeVisible();
  const approve = (await openPreorders(page)).getByRole('article', { name }).getByRole('button', { name: /^Approve/ });
  await expect(approve).toBeDisabled();
  await expect(approve).toHaveAccessibleDescription(/Only an admin can do this\./);

  const entries = await auditEntries(admin, 'grantRole', `user:${person.uid}`);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ actorUid: admin.uid, role: 'admin', detail: 'none → support' });

  // Support reads the console's lists but not the audit trail; the function refuses it admin actions.
  const supportToken = await idTokenOf(person);
  expect((await readAs('submissions/preorder', supportToken, NEWEST_PAGE)).status).toBe(200);
  expect((await readAs(STAFF_AUDIT_PATH, supportToken, NEWEST_PAGE)).status).toBe(401);
  expect((await callStaffFunction({ action: 'grantRole', email: admin.email, role: 'none' }, supportToken)).status).toBe(403);
});

test('the Overview’s Pending pre-orders link lands on the pending pre-orders once the list has loaded', async ({ page }) => {
  // A phone's screen: the list comes after the page's heading and the choice of lists.
  await page.setViewportSize({ width: 375, height: 560 });
  const admin = await createAccountWithRole('admin', 'admin');
  await signInAt(page, admin, paths.staff);
  await page.getByRole('link', { name: 'Pending pre-orders' }).click();
  await expect(page).toHaveURL(pendingPreordersPath);
  const heading = page.getByRole('heading', { level: 2, name: 'Space pre-orders' });
  // The page scrolls to the list once its first page has loaded: wait for it, not for the first frame.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Pending \(/ })).toHaveAttribute('aria-pressed', 'true');
});
