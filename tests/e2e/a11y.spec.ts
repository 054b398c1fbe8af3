/** axe-core on every route, signed out and signed in, and on the open states that cover the page
 *  (mobile menu, customer menu overlay, a profile dialog): WCAG 2.0, 2.1 and 2.2 A/AA, zero
 *  violations. */
import type { Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { signInThroughPage } from './auth-helpers';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { CUSTOMER_ROUTES, NOT_FOUND_ROUTE, PUBLIC_ROUTES, STORE_ROUTES, type Route } from './route-list';

const PHONE = { width: 375, height: 740 };

/** Waits until the page has its heading and nothing is still loading (spinners, busy regions). */
async function settled(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  // Every Spinner is a status region whose label ends in an ellipsis ("Loading your orders…").
  await expect(page.getByRole('status').filter({ hasText: /…$/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function signInTo(page: Page, [path, heading]: Route): Promise<void> {
  await signInThroughPage(page, undefined, `${paths.signIn}?next=${path}`);
  await expect(page).toHaveURL(path);
  await settled(page, heading);
}

test.describe('signed out', () => {
  for (const [path, heading] of [...PUBLIC_ROUTES, ...STORE_ROUTES, NOT_FOUND_ROUTE]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await settled(page, heading);
      await expectNoAxeViolations(page);
    });
  }

  test('the open mobile menu at 375 px has no axe violations', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(paths.home);
    await settled(page, PUBLIC_ROUTES[0]![1]);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('signed in as the demo customer', () => {
  for (const route of CUSTOMER_ROUTES) {
    test(`${route[0]} has no axe violations`, async ({ page }) => {
      await signInTo(page, route);
      await expectNoAxeViolations(page);
    });
  }

  test('an open profile edit dialog has no axe violations', async ({ page }) => {
    await signInTo(page, [paths.profileSettings, 'Profile Settings']);
    await page.getByRole('button', { name: 'Edit full name' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit full name' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the open customer menu overlay at 375 px has no axe violations', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInTo(page, [paths.dashboard, 'Dashboard']);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
