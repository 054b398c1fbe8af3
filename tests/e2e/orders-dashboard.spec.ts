/** The order history and the dashboard (docs/decisions/0090-dashboard.md), on the local stack at
 *  1280 px and at 375 px: orders newest
 *  first with their period and no empty first cell; a checkout left unpaid is Not paid yet and turns Expired once
 *  Stripe's clock (the stand-in's, through the customer's test clock) passes its expires_at; the
 *  dashboard greets by name, shows the live plan and the latest orders, and resends the
 *  verification email once a minute. */
import type { Page } from '@playwright/test';
import Stripe from 'stripe';
import { HOST, PORTS, STRIPE_SECRET_KEY, STRIPE_URL } from '../../emulators/local-config';
import { formatUsd } from '../../src/catalog/money';
import { PLAN_NAMES } from '../../src/catalog/plans';
import { priceConfiguration, type PlanConfiguration } from '../../src/catalog/pricing';
import { SERVICE_LABELS } from '../../src/catalog/services';
import { formatBillingDate, recurringPrice } from '../../src/catalog/subscription';
import { UNPAID_CHECKOUT_TEXTS } from '../../src/catalog/unpaid-checkouts';
import { paths } from '../../src/config/paths';
import { createAccount, oobCodesFor, readDatabase, uniqueEmail, updateDatabase } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { PAY_TIMEOUT_MS, continueToStripe, orderCard, payOnStripe } from './checkout.testing';
import { expect, test } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';

const stripe = new Stripe(STRIPE_SECRET_KEY, { host: HOST, port: PORTS.stripe, protocol: 'http' });
const PASSWORD = 'orders-123';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Account {
  uid: string;
  email: string;
}

/** A new (unverified) customer, signed in (a stored session) and sent to `path`. */
async function signInAsNewCustomer(page: Page, path: string): Promise<Account> {
  const email = uniqueEmail('orders');
  const uid = await createAccount(email, PASSWORD);
  await openSignedIn(page, { email, password: PASSWORD }, path);
  return { uid, email };
}

const plan = (
  plan: PlanConfiguration['plan'],
  period: PlanConfiguration['period'],
  extras: Partial<PlanConfiguration> = {},
): PlanConfiguration => ({
  plan,
  period,
  storage: false,
  security: false,
  marketing: false,
  ...extras,
});

/** An order as stripeCheckout writes it (before any payment), amounts from the catalogue. */
function storedOrder(uid: string, id: string, service: string, configuration: PlanConfiguration, createdAt: number) {
  const price = recurringPrice(configuration);
  return {
    product: service,
    tier: configuration.plan,
    securitySelected: configuration.security,
    marketingSelected: configuration.marketing,
    applicationExist: false,
    productAmount: priceConfiguration(configuration).amountDueCents,
    payment_status: 'unpaid',
    buyer: uid,
    pushKey: id,
    createdAt,
    billingPeriod: configuration.period,
    amountPerPeriod: price.unitAmountCents,
    termPayments: price.termPayments,
  };
}

const amountPerPeriod = (configuration: PlanConfiguration) =>
  `${formatUsd(recurringPrice(configuration).unitAmountCents)} ${configuration.period === 'monthly' ? '/ month' : '/ year'}`;

interface RawSession {
  id: string;
  url: string | null;
  customer: string | null;
  expires_at: number;
  metadata: Record<string, string>;
}

async function standInSession(id: string): Promise<RawSession> {
  const sessions = (await (await fetch(`${STRIPE_URL}/__sessions`)).json()) as RawSession[];
  const session = sessions.find((candidate) => candidate.id === id);
  expect(session, `stand-in session ${id}`).toBeDefined();
  return session!;
}

/** The layout question of the issue: is the grid's first cell the first order card? */
async function firstGridCell(page: Page) {
  const firstCard = page.getByRole('region', { name: 'Your orders' }).getByRole('article').first();
  await expect(firstCard).toBeVisible();
  return firstCard.evaluate((article) => {
    let grid = article.parentElement;
    while (grid && getComputedStyle(grid).display !== 'grid') grid = grid.parentElement;
    if (!grid) return { holdsFirstCard: false, dx: NaN, dy: NaN };
    const first = grid.firstElementChild!;
    const gridBox = grid.getBoundingClientRect();
    const style = getComputedStyle(grid);
    const cardBox = article.getBoundingClientRect();
    return {
      holdsFirstCard: first === article || first.contains(article),
      dx: cardBox.left - (gridBox.left + parseFloat(style.paddingLeft)),
      dy: cardBox.top - (gridBox.top + parseFloat(style.paddingTop)),
    };
  });
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('orders: newest first, each amount with its period, an order card in the first cell', async ({ page }) => {
      const { uid } = await signInAsNewCustomer(page, paths.dashboard);
      const suffix = uid.slice(0, 8);
      const now = Date.now();
      // Keys sort the other way round from the dates, so the database's own order is not the answer.
      const orders = {
        [`-a-${suffix}`]: storedOrder(uid, `-a-${suffix}`, 'websites', plan('earth', 'monthly'), now - 3 * DAY_MS),
        [`-b-${suffix}`]: storedOrder(uid, `-b-${suffix}`, 'mobile_apps', plan('gold', 'yearly', { security: true }), now - DAY_MS),
        [`-c-${suffix}`]: storedOrder(
          uid,
          `-c-${suffix}`,
          'software_saas',
          plan('silver', 'monthly', { marketing: true }),
          now - 2 * DAY_MS,
        ),
      };
      await updateDatabase(Object.fromEntries(Object.entries(orders).map(([id, order]) => [`all_orders/${id}`, order])));

      await page.goto(paths.orderHistory);
      const cards = page.getByRole('region', { name: 'Your orders' }).getByRole('article');
      await expect(cards).toHaveCount(3);
      await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
        SERVICE_LABELS.mobile_apps,
        SERVICE_LABELS.software_saas,
        SERVICE_LABELS.websites,
      ]);

      await expect(cards.nth(0)).toContainText(amountPerPeriod(plan('gold', 'yearly', { security: true })));
      await expect(cards.nth(0)).toContainText(`${PLAN_NAMES.gold} plan`);
      await expect(cards.nth(0)).toContainText('Add-ons: Security');
      await expect(cards.nth(0)).toContainText(`Ordered ${new Date(now - DAY_MS).toLocaleDateString('en-US', { dateStyle: 'medium' })}`);
      await expect(cards.nth(1)).toContainText(amountPerPeriod(plan('silver', 'monthly', { marketing: true })));
      await expect(cards.nth(2)).toContainText(amountPerPeriod(plan('earth', 'monthly')));
      for (const card of await cards.all()) {
        await expect(card).toContainText('Purchased an application');
        // Left before Pay, never paid (src/catalog/unpaid-checkouts.ts).
        await expect(card).toContainText(`Status: ${UNPAID_CHECKOUT_TEXTS.notPaid}`);
      }

      const cell = await firstGridCell(page);
      expect(cell.holdsFirstCard, 'the first grid cell holds the first order card').toBe(true);
      expect(Math.abs(cell.dx), 'the first card starts at the grid’s left edge').toBeLessThan(1);
      expect(Math.abs(cell.dy), 'the first card starts at the grid’s top edge').toBeLessThan(1);
      await expectNoSideways(page);
      await expectNoAxeViolations(page);
    });

    test('a checkout left unpaid shows Expired once the stand-in’s clock passes its expires_at', async ({ page }) => {
      test.setTimeout(60_000);
      await signInAsNewCustomer(page, paths.store);
      await page.goto(paths.productDetails('virtual_reality', 'bronze'));
      const shown = await continueToStripe(page);
      const orderId = shown.metadata.orderId!;
      const checkoutUrl = page.url();

      // The buyer walks away: the order waits for its payment.
      await page.goto(paths.orderHistory);
      const card = orderCard(page, SERVICE_LABELS.virtual_reality);
      await expect(card).toContainText(`Status: ${UNPAID_CHECKOUT_TEXTS.notPaid}`);
      await expect(card.getByRole('button', { name: UNPAID_CHECKOUT_TEXTS.resume })).toBeVisible();

      // Stripe's time moves past expires_at on this customer's clock (and nobody else's).
      const session = await standInSession(shown.id);
      expect(session.customer, 'a signed-in buyer pays as their own Stripe customer').toMatch(/^cus_/);
      const customer = (await stripe.customers.retrieve(session.customer!)) as Stripe.Customer;
      const clock = customer.test_clock as string;
      await stripe.testHelpers.testClocks.advance(clock, { frozen_time: session.expires_at + 60 });
      await expect.poll(async () => (await stripe.testHelpers.testClocks.retrieve(clock)).status).toBe('ready');

      // The webhook heard checkout.session.expired; the card changes without a reload.
      await expect(card).toContainText('Status: Expired');
      await expect(card).not.toContainText('Payments:');
      await expect(card.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
      // Nothing to complete any more; it can be removed.
      await expect(card.getByRole('button', { name: UNPAID_CHECKOUT_TEXTS.resume })).toHaveCount(0);
      await expect(card.getByRole('button', { name: UNPAID_CHECKOUT_TEXTS.remove })).toBeVisible();
      expect(await readDatabase(`all_orders/${orderId}/payment_status`)).toBe('expired');
      await expect(stripe.checkout.sessions.retrieve(shown.id)).resolves.toMatchObject({ status: 'expired', url: null });
      const events = (await (await fetch(`${STRIPE_URL}/__events`)).json()) as { type: string; data: { object: { id: string } } }[];
      expect(events.filter((event) => event.type === 'checkout.session.expired' && event.data.object.id === shown.id)).toHaveLength(1);

      await page.goto(checkoutUrl);
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout unavailable' })).toBeVisible();
      await expect(page.getByText('This checkout session has expired and can no longer be paid.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
    });

    test('dashboard: greeting, the live plan, the latest orders with View all, and Resend verification email', async ({ page }) => {
      test.setTimeout(60_000);
      const { uid, email } = await signInAsNewCustomer(page, paths.store);

      // One plan paid, one checkout left open afterwards.
      const bought = plan('gold', 'monthly', { security: true });
      await page.goto(paths.productDetails('websites', 'gold'));
      await page.getByRole('group', { name: 'Security' }).getByText(/^Full/).click();
      await continueToStripe(page);
      await payOnStripe(page);
      await expect(page).toHaveURL(paths.orderHistory, { timeout: PAY_TIMEOUT_MS });
      await page.goto(paths.productDetails('mobile_apps', 'silver'));
      await continueToStripe(page);

      await page.goto(paths.dashboard);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      // No profile record yet: greeted by email; the name once the profile has one, live.
      await expect(page.getByText(`Welcome, ${email}.`)).toBeVisible();
      await updateDatabase({ [`users/${uid}`]: { firstName: 'Ada', lastName: 'Lovelace', email, createdAt: new Date().toISOString() } });
      await expect(page.getByText('Welcome, Ada.')).toBeVisible();

      const plans = page.getByRole('region', { name: 'Active plans' });
      const live = plans.getByRole('article');
      await expect(live).toHaveCount(1);
      await expect(live).toContainText(`${PLAN_NAMES.gold} plan · ${SERVICE_LABELS.websites}`);
      await expect(live).toContainText(`${formatUsd(priceConfiguration(bought).monthlyCents)} / month`);
      await expect(live).toContainText('Status: Active');
      const { currentPeriodEnd } = (await readDatabase(`all_orders/${await paidOrderId(uid)}`)) as { currentPeriodEnd: number };
      await expect(live).toContainText(`Next payment: ${formatBillingDate(currentPeriodEnd)}`);
      await expect(plans.getByRole('button', { name: 'Manage billing' })).toBeVisible();

      const latest = page.getByRole('region', { name: 'Latest orders' });
      const items = latest.getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText(`${SERVICE_LABELS.mobile_apps} · ${PLAN_NAMES.silver} plan`);
      await expect(items.nth(0)).toContainText(UNPAID_CHECKOUT_TEXTS.notPaid);
      await expect(items.nth(0)).not.toContainText('Confirming your payment…');
      await expect(items.nth(1)).toContainText(SERVICE_LABELS.websites);
      await expect(items.nth(1)).toContainText('Active');

      // The spec's three cards stay.
      const main = page.getByRole('main');
      for (const title of ['Order a Leopard solution', 'Reserve a Specialist', 'Third Party? (Check Trade In Value)']) {
        await expect(main.getByRole('heading', { level: 2, name: title })).toBeVisible();
      }
      if (viewport.width > 768) {
        // Plans and orders side by side on a desktop window.
        const [left, right] = await Promise.all([plans.boundingBox(), latest.boundingBox()]);
        expect(Math.abs(left!.y - right!.y)).toBeLessThan(1);
        expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
      }
      await expectNoSideways(page);

      // Unverified: the banner, and the button by keyboard.
      const banner = page.getByRole('region', { name: 'Please verify your email' });
      await expect(banner).toContainText(email);
      const resend = banner.getByRole('button', { name: 'Resend verification email' });
      await resend.focus();
      await page.keyboard.press('Enter');
      await expect(banner.getByRole('status')).toHaveText(`Sent. Check your inbox at ${email}.`);
      await expect.poll(async () => (await oobCodesFor(email)).filter((code) => code.requestType === 'VERIFY_EMAIL').length).toBe(1);
      await expect(resend).toBeFocused();
      await expect(resend).toHaveAttribute('aria-disabled', 'true');
      await expect(banner).toContainText(/You can send another in \d+ s\./);
      await page.keyboard.press('Enter');
      // It looks and reads disabled (aria-disabled); a click past that still sends nothing.
      await resend.click({ force: true });
      // Nothing more was sent.
      await page.waitForTimeout(500);
      expect((await oobCodesFor(email)).filter((code) => code.requestType === 'VERIFY_EMAIL')).toHaveLength(1);
      await expectNoAxeViolations(page);

      await latest.getByRole('link', { name: 'View all orders' }).click();
      await expect(page).toHaveURL(paths.orderHistory);
      await expect(page.getByRole('region', { name: 'Your orders' }).getByRole('article')).toHaveCount(2);
    });
  });
}

/** The buyer's paid order's id (admin read). */
async function paidOrderId(uid: string): Promise<string> {
  const all = ((await readDatabase('all_orders')) ?? {}) as Record<string, { buyer?: string; payment_status?: string }>;
  const id = Object.keys(all).find((key) => all[key]!.buyer === uid && all[key]!.payment_status === 'paid');
  expect(id, 'the paid order').toBeDefined();
  return id!;
}
