import type { Locator, Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { formatUsd } from '../../src/catalog/money';
import { priceConfiguration } from '../../src/catalog/pricing';
import { paths } from '../../src/config/paths';
import { createAccount, lookupAccount, readCaptcha, uniqueEmail, updateDatabase, validSignUp } from './auth.testing';
import { expect, test } from './fixtures.testing';
import { expectVisibleFocus } from './page-checks.testing';

/** Only the keyboard from here on: every step is a key press, and every element the keyboard
 *  reaches must show where focus is. */

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the focus ring at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // Past either end of the page focus leaves the document; the next press comes back round.
    if (await page.evaluate(() => document.activeElement === document.body || !document.hasFocus())) continue;
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test.describe('keyboard only', () => {
  test('sign-up: every field, the captcha and the welcome dialog', async ({ page }) => {
    const input = validSignUp({ email: uniqueEmail('keyboard') });
    await page.goto(paths.signUp);
    const form = page.getByRole('form', { name: 'Create your account' });

    await tabTo(page, form.getByLabel('First name'));
    await page.keyboard.type(input.firstName);
    await page.keyboard.press('Tab');
    await page.keyboard.type(input.lastName);
    await tabTo(page, form.getByLabel('Month'));
    await page.keyboard.type(input.month);
    await page.keyboard.press('Tab');
    await page.keyboard.type(input.day);
    await page.keyboard.press('Tab');
    await page.keyboard.type(input.year);
    await tabTo(page, form.getByLabel('Phone number'));
    await page.keyboard.type(input.phone);
    await tabTo(page, form.getByLabel('Email'));
    await page.keyboard.type(input.email);
    await tabTo(page, form.getByLabel('Password', { exact: true }));
    await page.keyboard.type(input.password);
    await tabTo(page, form.getByLabel('Confirm password'));
    await page.keyboard.type(input.password);
    // The code is not in the page: it is heard, after "Listen to the code".
    await tabTo(page, form.getByRole('button', { name: 'Listen to the code' }));
    const code = await readCaptcha(page, () => page.keyboard.press('Enter'));
    await tabTo(page, form.getByLabel('Type the code shown above'));
    await page.keyboard.type(code);
    await tabTo(page, form.getByRole('button', { name: 'Create account' }));
    await page.keyboard.press('Enter');

    const welcome = page.getByRole('dialog', { name: 'Welcome!' });
    await expect(welcome).toBeVisible();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(paths.dashboard);
    expect((await lookupAccount(input.email))?.email).toBe(input.email);
  });

  test('the product configurator, its trade-in popup and its gallery', async ({ page }) => {
    await page.goto(paths.productDetails('websites', 'gold'));
    await expect(page.getByRole('heading', { level: 1, name: 'Gold plan for Web Apps' })).toBeVisible();
    const footer = page.getByRole('region', { name: 'Price summary' });
    const group = (name: string) => page.getByRole('group', { name });

    await tabTo(page, group('Billing').getByRole('radio', { name: /Monthly/ }));
    await page.keyboard.press('ArrowRight');
    await expect(group('Billing').getByRole('radio', { name: /Yearly/ })).toBeChecked();

    await tabTo(page, page.getByRole('checkbox', { name: /storage/ }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: /storage/ })).toBeChecked();

    await tabTo(page, group('Security').getByRole('radio', { name: 'None' }));
    await page.keyboard.press('ArrowRight');
    await expect(group('Security').getByRole('radio', { name: /^Full/ })).toBeChecked();

    const tradeIn = group('Do you have an application to trade in?');
    await tabTo(page, tradeIn.getByRole('radio', { name: 'No' }));
    await page.keyboard.press('ArrowRight');
    await expect(tradeIn.getByRole('radio', { name: 'Yes' })).toBeChecked();
    const platform = page.getByRole('combobox', { name: 'Where does your application run?' });
    await tabTo(page, platform);
    await page.keyboard.type('Developer Made');
    await expect(platform.locator('option:checked')).toHaveText('Developer Made');

    const expected = priceConfiguration({ plan: 'gold', period: 'yearly', storage: true, security: true, marketing: false });
    await expect(footer).toContainText(`${formatUsd(expected.amountDueCents)} for the year`);

    const about = tradeIn.getByRole('button', { name: 'About the trade-in reward' });
    await tabTo(page, about, { back: true });
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Trade-in reward' });
    await expect(popup).toBeVisible();
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(about).toBeFocused();

    const viewGallery = page.getByRole('button', { name: 'View Gallery' });
    await tabTo(page, viewGallery, { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Gallery' })).toBeFocused();
    const gold = page.getByRole('tab', { name: 'Gold' });
    await tabTo(page, gold);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Diamond Peak' })).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Close gallery' }));
    await page.keyboard.press('Enter');
    await expect(viewGallery).toBeFocused();
    // The configuration survived the gallery.
    await expect(footer).toContainText(`${formatUsd(expected.amountDueCents)} for the year`);
  });

  test.describe('signed in', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the customer menu on a phone: open, move to a page, Escape returns to its button', async ({ page }) => {
      await signInByKeyboard(page, DEMO_CUSTOMER);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const toggle = page.getByRole('button', { name: 'Menu', exact: true });
      const menu = page.getByRole('navigation', { name: 'Account' });

      await tabTo(page, toggle);
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await tabTo(page, menu.getByRole('link', { name: 'Payment Methods' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(paths.paymentMethods);
      await expect(menu).toHaveCount(0);

      await tabTo(page, toggle, { back: true });
      await page.keyboard.press('Enter');
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(toggle).toBeFocused();
    });

    test('the profile dialogs: open, focus kept inside, Escape back to the opener, save', async ({ page }) => {
      const email = uniqueEmail('keyboard-profile');
      const uid = await createAccount(email, 'secret-123');
      await updateDatabase({ [`users/${uid}`]: { firstName: 'Ada', lastName: 'Lovelace', email, createdAt: new Date().toISOString() } });
      await page.goto(`${paths.signIn}?next=${paths.profileSettings}`);
      await signInByKeyboard(page, { email, password: 'secret-123' });
      await expect(page).toHaveURL(paths.profileSettings);

      const edit = page.getByRole('button', { name: 'Edit full name' });
      // As a person would: the page has appeared (a Tab while the customer area replaces the sign-in
      // page can focus an element that is then removed).
      await expect(edit).toBeVisible();
      await tabTo(page, edit);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Edit full name' });
      await expect(dialog).toBeVisible();
      const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
      await expect.poll(focusInside).toBe(true);
      // Tab cycles inside the dialog.
      for (let i = 0; i < 8; i += 1) {
        await page.keyboard.press('Tab');
        await expectVisibleFocus(page);
        expect(await focusInside()).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(edit).toBeFocused();

      await page.keyboard.press('Enter');
      await expect.poll(focusInside).toBe(true);
      await tabTo(page, dialog.getByLabel('First name'));
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Grace');
      await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('region', { name: 'Your profile' })).toContainText('Grace Lovelace');
      await expect(edit).toBeFocused();
    });
  });
});

/** Signs in from the sign-in page with the keyboard alone. */
async function signInByKeyboard(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  if (!page.url().includes(paths.signIn)) await page.goto(paths.signIn);
  const form = page.getByRole('form', { name: 'Sign in' });
  await tabTo(page, form.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, form.getByLabel('Password'));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}
