/** axe-core on the open states that cover a page (mobile menu, customer menu overlay) and on the
 *  customer area's dialogs (the profile's five edit dialogs, delete account at rest, hovered,
 *  focused and busy, a sweetalert2 alert): WCAG 2.0, 2.1 and 2.2 A/AA, colour contrast included,
 *  zero violations. The other dialogs are checked where their journeys open them: change plan in
 *  plan-changes.spec.ts, a plan's features and the trade-in reward in store.spec.ts. Every route as
 *  it opens is checked by every-page.spec.ts; the staff console by staff-a11y.spec.ts. */
import type { Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { paths } from '../../src/config/paths';
import { createAccount, dismissAlert, expectRefusedRequests, uniqueEmail } from './auth.testing';
import { expectNoAxeViolations, expectReadableText } from './axe.testing';
import { expect, test } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';
import { clickHydrated } from './hydration.testing';
import { expectNoSmallTargets, settled } from './page-checks.testing';
import { PUBLIC_ROUTES, type Route } from './route-list.testing';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Opens the dialog a button opens, checks it with axe, and closes it with its Close button. */
async function expectDialogPassesAxe(page: Page, button: string, title: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

async function signInTo(page: Page, [path, heading]: Route): Promise<void> {
  await openSignedIn(page, DEMO_CUSTOMER, path);
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
  test('every profile dialog and an alert have no axe violations', async ({ page, consoleErrors }) => {
    // Six dialogs, each swept by axe.
    test.setTimeout(90_000);
    await signInTo(page, [paths.profileSettings, 'Profile Settings']);
    for (const [what, title] of [
      ['full name', 'Edit full name'],
      ['address', 'Edit address'],
      ['phone number', 'Edit phone number'],
      ['email', 'Change email'],
      ['password', 'Change password'],
    ] as const) {
      await expectDialogPassesAxe(page, `Edit ${what}`, title);
    }
    // A refused change's sweetalert2 alert.
    await page.getByRole('button', { name: 'Edit email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change email' });
    await dialog.getByLabel('New email').fill(uniqueEmail('a11y'));
    await dialog.getByLabel('Current password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.swal2-popup')).toBeVisible();
    await expect.poll(() => page.locator('.swal2-popup').evaluate((popup) => popup.getAnimations().length)).toBe(0);
    await expectNoAxeViolations(page);
    await dismissAlert(page);
    expectRefusedRequests(consoleErrors);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`at ${viewport.width} px the delete-account dialog names the plan it cancels and its button is readable at rest, hovered and focused`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInTo(page, [paths.profileSettings, 'Profile Settings']);
      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account' });
      const plans = dialog.getByRole('region', { name: 'Plans this cancels' });
      await expect(plans.getByRole('listitem')).toHaveText([/^Gold plan · Web Apps, \$[\d,]+\.\d\d \/ month$/]);
      const remove = dialog.getByRole('button', { name: 'Delete my account' });
      // axe leaves out what a scrolling dialog holds out of view: the button is brought into it.
      await remove.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await remove.hover();
      await expectNoAxeViolations(page);
      await page.mouse.move(0, 0);
      await dialog.getByRole('button', { name: 'Cancel' }).focus();
      await page.keyboard.press('Tab');
      await expect(remove).toBeFocused();
      await expectNoAxeViolations(page);
    });
  }

  test('the open customer menu overlay at 375 px has no axe violations', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInTo(page, [paths.dashboard, 'Dashboard']);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('a customer with no plan is told so, and the busy Delete button stays readable', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('a11y-delete');
  const password = 'delete-me-123';
  await createAccount(email, password);
  await openSignedIn(page, { email, password }, paths.profileSettings);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog.getByRole('region', { name: 'Plans this cancels' })).toContainText('No active plans');
  // The call is held, so the button stays busy (disabled) as long as the test looks at it.
  let release: () => void = () => undefined;
  let markHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  await page.route('**/deleteAccount', (route) => {
    markHeld();
    return new Promise<void>((resolve) => (release = resolve)).then(() => route.abort());
  });
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  const busy = dialog.getByRole('button', { name: 'Deleting your account…' });
  await expect(busy).toBeDisabled();
  await expectReadableText(busy);
  // The password is checked with Auth first: on a busy machine the call may not have been made yet,
  // and letting it go before it is held would leave it held for ever.
  await held;
  release();
  await expect(dialog.getByRole('alert')).toBeVisible();
  // The held call, aborted: Chromium logs it.
  expect(consoleErrors).toEqual(['Failed to load resource: net::ERR_FAILED']);
  consoleErrors.length = 0;
});
