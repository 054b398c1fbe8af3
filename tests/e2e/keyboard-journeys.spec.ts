import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { formatUsd } from '../../src/catalog/money';
import { priceConfiguration } from '../../src/catalog/pricing';
import { paths } from '../../src/config/paths';
import { createAccount, lookupAccount, readCaptcha, uniqueEmail, updateDatabase, validSignUp } from './auth-helpers';
import { expect, test } from './fixtures';
import { hydrated } from './hydration';
import { CUSTOMER_ROUTES, PUBLIC_ROUTES, STORE_ROUTES } from './route-list';

/** Only the keyboard from here on: every step is a key press, and every element the keyboard
 *  reaches must show where focus is. */

/** The focused element shows a focus indicator: an outline or a box-shadow ring on itself, or on
 *  the control drawn for it (a custom radio's mark, a wrapping label). */
async function expectVisibleFocus(page: Page): Promise<void> {
  // Checked for up to five seconds: the browser may still be scrolling the element into view,
  // which took over two seconds on a loaded two-core machine (a link on /support "not on screen").
  let state = await focusState(page);
  for (let i = 0; i < 50 && !state.ok; i += 1) {
    await page.waitForTimeout(100);
    state = await focusState(page);
  }
  expect(`${state.what}: ${state.ok ? 'visibly focused' : 'no visible focus'}`).toBe(`${state.what}: visibly focused`);
}

async function focusState(page: Page): Promise<{ ok: boolean; what: string }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { ok: false, what: 'nothing focused' };
    // Inside a video's native controls (play, timeline, volume…) focus sits in the browser's own
    // shadow tree, which draws the ring and which a page cannot inspect.
    if (active instanceof HTMLVideoElement && active.controls && !active.matches(':focus')) return { ok: true, what: 'video controls' };
    const rings = (element: Element | null | undefined) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    // A card may ring itself while a link inside it has focus (:focus-within).
    const ancestors = [active.parentElement, active.parentElement?.parentElement, active.parentElement?.parentElement?.parentElement];
    const candidates = [active, active.closest('label'), active.nextElementSibling, ...ancestors];
    const rect = active.getBoundingClientRect();
    const onScreen = rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight;
    const name = active.getAttribute('aria-label') ?? (active as HTMLInputElement).labels?.[0]?.textContent ?? active.textContent ?? '';
    const what = `${active.tagName.toLowerCase()}#${active.id} "${name.trim().slice(0, 40)}" on screen: ${onScreen}`;
    return { ok: onScreen && candidates.some(rings), what };
  });
}

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

  for (const [path, heading] of [...PUBLIC_ROUTES, ...STORE_ROUTES]) {
    test(`focus is visible at every stop of ${path}`, async ({ page }) => {
      await page.goto(path);
      // The page itself, hydrated (a plan page shows a placeholder until then).
      await hydrated(page.getByRole('heading', { level: 1, name: heading, exact: true }));
      for (let i = 0; i < 30; i += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement === document.body)) break; // past the last stop
        await expectVisibleFocus(page);
      }
    });
  }
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

test.describe('24 × 24 px targets on a phone (WCAG 2.2 target size, axe)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('every public page', async ({ page }) => {
    test.slow();
    for (const [path] of [...PUBLIC_ROUTES, ...STORE_ROUTES]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
      expect(
        violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
        path,
      ).toEqual([]);
    }
  });

  test('the customer area', async ({ page }) => {
    await signInByKeyboard(page, DEMO_CUSTOMER);
    await expect(page).toHaveURL(paths.dashboard);
    for (const [path, heading] of CUSTOMER_ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
      expect(
        violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))),
        path,
      ).toEqual([]);
    }
  });
});
