/** axe-core on the open states that cover a page (mobile menu, customer menu overlay, a profile
 *  dialog): WCAG 2.0, 2.1 and 2.2 A/AA, zero violations. Every route as it opens is checked by
 *  every-page.spec.ts. */
import type { Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { signInThroughPage } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { expect, test } from './fixtures.testing';
import { settled } from './page-checks.testing';
import { PUBLIC_ROUTES, type Route } from './route-list.testing';

const PHONE = { width: 375, height: 740 };

async function signInTo(page: Page, [path, heading]: Route): Promise<void> {
  await signInThroughPage(page, undefined, `${paths.signIn}?next=${path}`);
  await expect(page).toHaveURL(path);
  await settled(page, heading);
}

test.describe('signed out', () => {
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
