import type { Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { BRAND } from '../../src/config/brand';
import { externalLinks } from '../../src/config/external-links';
import { paths } from '../../src/config/paths';
import { createAccount, uniqueEmail, updateDatabase } from './auth.testing';
import { expect, test } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';

const PASSWORD = 'secret-123';

/** A new customer (unverified, no orders), signed in (a stored session) and sent to `path`. */
async function signInAsNewCustomer(page: Page, path: string): Promise<string> {
  const email = uniqueEmail('account');
  const uid = await createAccount(email, PASSWORD);
  await openSignedIn(page, { email, password: PASSWORD }, path);
  return uid;
}

function order(buyer: string, product: string, paymentStatus: string, createdAt: number) {
  return {
    product,
    tier: 'gold',
    securitySelected: false,
    marketingSelected: false,
    applicationExist: false,
    productAmount: 1_500_000,
    payment_status: paymentStatus,
    buyer,
    createdAt,
  };
}

test.describe('Orders', () => {
  test('lists only the buyer’s own orders of known products, and shows status changes live', async ({ page }) => {
    const uid = await signInAsNewCustomer(page, paths.dashboard);
    const suffix = uid.slice(0, 8);
    await updateDatabase({
      [`all_orders/mine-web-${suffix}`]: { ...order(uid, 'websites', 'paid', 2), pushKey: `mine-web-${suffix}` },
      [`all_orders/mine-app-${suffix}`]: { ...order(uid, 'mobile_apps', 'unpaid', 1), pushKey: `mine-app-${suffix}` },
      [`all_orders/mine-seo-${suffix}`]: { ...order(uid, 'seo_services', 'paid', 3), pushKey: `mine-seo-${suffix}` },
      [`all_orders/theirs-${suffix}`]: { ...order('someone-else', 'blockchain_nfts', 'paid', 4), pushKey: `theirs-${suffix}` },
    });

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Orders' }).click();
    const orders = page.getByRole('region', { name: 'Your orders' }).getByRole('article');
    await expect(orders).toHaveCount(2);
    const web = orders.filter({ has: page.getByRole('heading', { name: 'Web Apps' }) });
    const app = orders.filter({ has: page.getByRole('heading', { name: 'Mobile Apps' }) });
    await expect(web).toContainText('Purchased an application');
    // The payment status in words (Paid, Unpaid, Expired: order-display.ts).
    await expect(web).toContainText('Status: Paid');
    await expect(app).toContainText('Status: Unpaid');
    await expect(page.getByRole('heading', { name: 'Blockchain & NFTs' })).toHaveCount(0);

    await updateDatabase({ [`all_orders/mine-app-${suffix}/payment_status`]: 'paid' });
    await expect(app).toContainText('Status: Paid');
  });

  test('says so when there are no orders yet', async ({ page }) => {
    await signInAsNewCustomer(page, paths.orderHistory);
    await expect(page.getByText('You have no orders yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Browse the store' }).click();
    await expect(page).toHaveURL(paths.store);
  });
});

test('the dashboard has its three cards', async ({ page }) => {
  await openSignedIn(page, DEMO_CUSTOMER, paths.dashboard);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: `Order a ${BRAND.name} solution` })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Go to the store' })).toHaveAttribute('href', paths.store);
  const specialist = main.getByRole('link', { name: 'Book a time (opens in a new tab)' });
  await expect(specialist).toHaveAttribute('href', externalLinks.scheduling);
  await expect(specialist).toHaveAttribute('target', '_blank');
  await main.getByRole('link', { name: 'Check trade-in value' }).click();
  await expect(page).toHaveURL(paths.contact);
});

test('payment methods: Add card opens the billing portal (tests/e2e/subscriptions.spec.ts); Connect Bank is announced, not clickable', async ({
  page,
}) => {
  await openSignedIn(page, DEMO_CUSTOMER, paths.paymentMethods);
  const card = (name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card('Add card').getByRole('button', { name: 'Add card' })).toBeEnabled();
  await expect(card('Add card')).not.toContainText('Feature Coming V.1.0.4');
  await expect(card('Connect Bank')).toContainText('Feature Coming V.1.0.4');
  await expect(card('Connect Bank').getByRole('link')).toHaveCount(0);
  await expect(card('Connect Bank').getByRole('button')).toHaveCount(0);
});

test.describe('Dev Panel', () => {
  test('warns an unverified customer and still shows the panel', async ({ page }) => {
    await signInAsNewCustomer(page, paths.devPanel);
    await expect(page.getByRole('alert')).toHaveText('Warning! Please verify your email');
    await expect(page.getByRole('heading', { name: 'Live View' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dev Box' })).toBeVisible();
  });

  test('does not warn a verified customer', async ({ page }) => {
    await openSignedIn(page, DEMO_CUSTOMER, paths.devPanel);
    await expect(page.getByRole('heading', { name: 'Live View' })).toBeVisible();
    await expect(page.getByText('Warning! Please verify your email')).toHaveCount(0);
  });
});

test.describe('the side menu on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens as an overlay that locks scrolling, closes on Escape and on navigation', async ({ page }) => {
    await openSignedIn(page, DEMO_CUSTOMER, paths.dashboard);
    await expect(page).toHaveURL(paths.dashboard);
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    const menu = page.getByRole('navigation', { name: 'Account' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveCount(0);

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    // An Escape right after the click, once React has rendered the menu (a microtask) but before
    // the menu has taken focus (a timer), closes it too.
    await toggle.evaluate(async (button) => {
      (button as HTMLButtonElement).click();
      await new Promise((rendered) => queueMicrotask(() => rendered(undefined)));
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await expect(menu).toHaveCount(0);
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('link', { name: 'Payment Methods' }).click();
    await expect(page).toHaveURL(paths.paymentMethods);
    await expect(menu).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('keeps keyboard focus inside while open', async ({ page }) => {
    await openSignedIn(page, DEMO_CUSTOMER, paths.dashboard);
    await expect(page).toHaveURL(paths.dashboard);
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    // The overlay: the account's entries, then the site's pages.
    const overlay = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(overlay.getByRole('navigation', { name: 'Account' })).toBeVisible();
    for (let i = 0; i < 16; i += 1) {
      await page.keyboard.press('Tab');
      expect(await overlay.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
  });
});

test('on a 1024 px window the side menu is a list with the current entry highlighted', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, DEMO_CUSTOMER, paths.orderHistory);
  const menu = page.getByRole('navigation', { name: 'Account' });
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveCount(0);
  const names = ['Dashboard', 'Profile Settings', 'Orders', 'Payment Methods', 'Dev Panel', 'Store'];
  for (const name of names) await expect(menu.getByRole('link', { name })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const current = menu.getByRole('link', { name: 'Orders' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  const [currentBg, otherBg] = await Promise.all([
    current.evaluate((a) => getComputedStyle(a).backgroundColor),
    menu.getByRole('link', { name: 'Dashboard' }).evaluate((a) => getComputedStyle(a).backgroundColor),
  ]);
  expect(currentBg).not.toBe(otherBg);
});
