/** axe-core on the open states that cover a page (mobile menu, customer menu overlay, a profile
 *  dialog): WCAG 2.0, 2.1 and 2.2 A/AA, zero violations. Every route as it opens is checked by
 *  every-page.spec.ts. */
import type { Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { signInThroughPage } from './auth.testing';
import { expectNoAxeViolations } from './axe.testing';
import { expect, test } from './fixtures.testing';
import { clickHydrated } from './hydration.testing';
import { expectNoSmallTargets, settled } from './page-checks.testing';
import { PUBLIC_ROUTES, type Route } from './route-list.testing';

const PHONE = { width: 375, height: 740 };

async function signInTo(page: Page, [path, heading]: Route): Promise<void> {
  await signInThroughPage(page, undefined, `${paths.signIn}?next=${path}`);
  await expect(page).toHaveURL(path);
  await settled(page, heading);
}

test('the page checks find what they look for: a nameless image, faint text, targets under 24 px', async ({ page }) => {
  await page.goto(paths.home);
  await settled(page, PUBLIC_ROUTES[0]![1]);
  await page.evaluate(() => {
    const tiny = 'width:10px;height:10px;min-width:0;min-height:0;padding:0;margin:0;border:0';
    // Outside #root: React, perhaps still hydrating, would take markup inside it for a mismatch
    // and draw the page again without it.
    document.body.insertAdjacentHTML(
      'beforeend',
      `<img src="/favicon.svg" width="20" height="20"><p style="color:#eee;background:#fff">Faint words</p>` +
        `<div><button style="${tiny}" aria-label="One"></button><button style="${tiny}" aria-label="Two"></button></div>`,
    );
  });
  const failure = (check: Promise<void>) =>
    check.then(
      () => 'passed',
      (error: Error) => error.message,
    );
  const axe = await failure(expectNoAxeViolations(page));
  expect(axe).toContain('image-alt');
  expect(axe).toContain('color-contrast');
  expect(await failure(expectNoSmallTargets(page))).toMatch(/button\[aria-label=.*One/);
});

test.describe('signed out', () => {
  test('the open mobile menu at 375 px has no axe violations', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(paths.home);
    await settled(page, PUBLIC_ROUTES[0]![1]);
    await clickHydrated(page.getByRole('button', { name: 'Menu' }));
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
