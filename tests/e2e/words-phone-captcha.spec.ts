// Auth errors in plain words under the spec's titles, one phone
// model (stored as E.164, shown formatted, edited with its country, old records accepted), a
// captcha without look-alikes whose code is heard rather than read from the page, and one team
// figure per plan.
import type { Locator, Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { planTeam } from '../../src/catalog/plan-features';
import { PLAN_IDS, PLAN_NAMES } from '../../src/catalog/plans';
import { paths } from '../../src/config/paths';
import { AUTH_ERROR_MESSAGES } from '../../src/session/auth-errors';
import {
  createAccount,
  expectAlert,
  expectRefusedRequests,
  fillSignUp,
  lookupAccount,
  readCaptcha,
  readDatabase,
  signInThroughPage,
  submitSignUp,
  uniqueEmail,
  updateDatabase,
  validSignUp,
  WRONG_PASSWORD,
} from './auth.testing';
import { expect, test } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';

const PASSWORD = 'secret-123';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 720 };
const WIDTHS = [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const;

/** A fresh customer with `record` as users/{uid}, signed in and on the profile settings. */
async function openProfileWith(page: Page, record: Record<string, unknown>): Promise<{ uid: string; email: string }> {
  const email = uniqueEmail('words');
  const uid = await createAccount(email, PASSWORD);
  await updateDatabase({
    [`users/${uid}`]: { firstName: 'Ada', lastName: 'Lovelace', email, createdAt: new Date().toISOString(), ...record },
  });
  await openSignedIn(page, { email, password: PASSWORD }, paths.profileSettings);
  return { uid, email };
}

const profileRow = (page: Page, label: string): Locator =>
  page
    .getByRole('region', { name: 'Your profile' })
    .locator('div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) });

async function openPhoneDialog(page: Page): Promise<Locator> {
  await profileRow(page, 'Phone number')
    .getByRole('button', { name: /phone number/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit phone number' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('Auth errors in words', () => {
  test('sign-in with a wrong password shows the plain sentence, never "Firebase:"', async ({ page, consoleErrors }) => {
    await signInThroughPage(page, { email: DEMO_CUSTOMER.email, password: 'not-the-password' });
    const alert = page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
    await expect(alert).toHaveText(WRONG_PASSWORD);
    await expect(alert).not.toContainText('Firebase');
    await expect(alert).not.toContainText('auth/');
    await expect(page).toHaveURL(paths.signIn);
    expectRefusedRequests(consoleErrors);
  });

  test('sign-up with an email already in use shows "Error" and the plain sentence', async ({ page, consoleErrors }) => {
    await page.goto(paths.signUp);
    await fillSignUp(page, validSignUp({ email: DEMO_CUSTOMER.email }));
    await submitSignUp(page);
    await expectAlert(page, { title: 'Error', text: AUTH_ERROR_MESSAGES['auth/email-already-in-use']!, icon: 'error' });
    const summary = page.getByRole('form', { name: 'Create your account' }).getByRole('alert');
    await expect(summary).toHaveText(`Error. ${AUTH_ERROR_MESSAGES['auth/email-already-in-use']}`);
    await expect(page).toHaveURL(paths.signUp);
    expectRefusedRequests(consoleErrors);
  });

  test('the profile’s email change with a wrong password shows "Oops!" and the plain sentence', async ({ page, consoleErrors }) => {
    const { email } = await openProfileWith(page, {});
    await profileRow(page, 'Email').getByRole('button', { name: 'Edit email' }).click();
    const form = page.getByRole('dialog', { name: 'Change email' });
    const newEmail = uniqueEmail('never');
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, { title: 'Oops!', text: WRONG_PASSWORD, icon: 'error' });
    await expect(form.getByLabel('New email')).toHaveValue(newEmail);
    expect(await lookupAccount(newEmail)).toBeUndefined();
    expect(await lookupAccount(email)).toBeDefined();
    expectRefusedRequests(consoleErrors);
  });
});

test.describe('One phone model', () => {
  test('sign-up stores E.164; the profile shows it formatted, pre-fills it with its country and keeps +1 on save', async ({ page }) => {
    const input = validSignUp({ phone: '(619) 555-0123' });
    await page.goto(paths.signUp);
    await fillSignUp(page, input);
    await submitSignUp(page);
    await expectAlert(page, { title: 'Welcome!', text: /successfully created/, icon: 'success' });
    await expect(page).toHaveURL(paths.dashboard);
    const uid = (await lookupAccount(input.email))!.localId;
    expect(await readDatabase(`users/${uid}/phoneNumber`)).toBe('+16195550123');

    await page.goto(paths.profileSettings);
    await expect(profileRow(page, 'Phone number')).toContainText('+1 619 555 0123');
    const dialog = await openPhoneDialog(page);
    await expect(dialog.getByLabel('Country')).toHaveValue('US');
    await expect(dialog.getByLabel('Country').locator('option:checked')).toHaveText('United States (+1)');
    await expect(dialog.getByLabel('Phone number', { exact: true })).toHaveValue('6195550123');

    await dialog.getByLabel('Phone number', { exact: true }).fill('6195550142');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(profileRow(page, 'Phone number')).toContainText('+1 619 555 0142');
    expect(await readDatabase(`users/${uid}/phoneNumber`)).toBe('+16195550142');
  });

  for (const [width, viewport] of WIDTHS) {
    test(`a legacy "+1 6195550199" record is shown, pre-filled and saved unchanged at ${width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const { uid } = await openProfileWith(page, { phoneNumber: '+1 6195550199', country: 'US' });
      await expect(profileRow(page, 'Phone number')).toContainText('+1 619 555 0199');
      const dialog = await openPhoneDialog(page);
      await expect(dialog.getByLabel('Country')).toHaveValue('US');
      await expect(dialog.getByLabel('Phone number', { exact: true })).toHaveValue('6195550199');
      for (const field of [dialog.getByLabel('Country'), dialog.getByLabel('Phone number', { exact: true })]) {
        const box = (await field.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      await expectNoSidewaysScroll(page);

      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      expect(await readDatabase(`users/${uid}/phoneNumber`)).toBe('+16195550199');
      await expect(profileRow(page, 'Phone number')).toContainText('+1 619 555 0199');
    });
  }

  test('a non-US number keeps its dial code from sign-up through a profile edit', async ({ page }) => {
    const input = validSignUp({ phone: '020 7946 0958' });
    await page.goto(paths.signUp);
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Country').selectOption('GB');
    await fillSignUp(page, input);
    await submitSignUp(page);
    await expectAlert(page, { title: 'Welcome!', text: /successfully created/, icon: 'success' });
    const uid = (await lookupAccount(input.email))!.localId;
    expect(await readDatabase(`users/${uid}`)).toMatchObject({ phoneNumber: '+442079460958', country: 'GB' });

    await page.goto(paths.profileSettings);
    await expect(profileRow(page, 'Phone number')).toContainText('+44 20 7946 0958');
    const dialog = await openPhoneDialog(page);
    await expect(dialog.getByLabel('Country')).toHaveValue('GB');
    await expect(dialog.getByLabel('Country').locator('option:checked')).toHaveText('United Kingdom (+44)');
    await expect(dialog.getByLabel('Phone number', { exact: true })).toHaveValue('2079460958');
    await dialog.getByLabel('Phone number', { exact: true }).fill('020 7946 0000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    expect(await readDatabase(`users/${uid}/phoneNumber`)).toBe('+442079460000');
    await expect(profileRow(page, 'Phone number')).toContainText('+44 20 7946 0000');
  });
});

test.describe('Captcha', () => {
  const LOOK_ALIKES = /[0O1IL5S2Z8B]/;

  for (const [width, viewport] of WIDTHS) {
    test.describe(`at ${width}, on a screen of 3 device pixels per CSS pixel`, () => {
      test.use({ viewport, deviceScaleFactor: 3 });

      test('no look-alike characters, no code in the page or its accessibility tree, large and sharp', async ({ page }) => {
        await page.goto(paths.signUp);
        const image = page.getByRole('img', { name: /captcha/i });

        const codes: string[] = [];
        for (let i = 0; i < 5; i += 1) {
          if (i > 0) await page.getByRole('button', { name: 'New code' }).click();
          const code = await readCaptcha(page);
          expect(code).toMatch(/^[A-Z0-9]{7}$/);
          expect(code).not.toMatch(LOOK_ALIKES);
          codes.push(code);

          // Nothing a script could read without listening (or reading the picture).
          expect(await page.content()).not.toContain(code);
          expect(await page.locator('body').ariaSnapshot()).not.toContain(code);
          await expect(image).toHaveAccessibleName('Captcha: a code of 7 letters and digits, drawn as an image');
        }
        expect(new Set(codes).size).toBe(codes.length);

        // Large enough to read on a phone, wholly on screen, one bitmap pixel per device pixel.
        await image.scrollIntoViewIfNeeded();
        const box = (await image.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(64);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await expect(image).toBeInViewport({ ratio: 1 });
        const sharpness = await image.evaluate((canvas: HTMLCanvasElement) => canvas.width / canvas.clientWidth);
        expect(sharpness).toBeGreaterThanOrEqual(2.95);
        await expect(page.getByRole('button', { name: 'Listen to the code' })).toBeVisible();
        await expectNoSidewaysScroll(page);
      });
    });
  }

  test('the code heard is the one the form accepts, typed in lower case', async ({ page }) => {
    await page.goto(paths.signUp);
    await fillSignUp(page, validSignUp({ confirmPassword: 'something-else' }));
    await page.getByLabel('Type the code shown above').fill((await readCaptcha(page)).toLowerCase());
    await submitSignUp(page);
    // Past the captcha: the next check, the password confirmation, is the one that fails.
    await expectAlert(page, { title: 'Password Mismatch', text: 'Passwords do not match.', icon: 'warning' });
  });
});

test.describe('Plan figures', () => {
  for (const [width, viewport] of WIDTHS) {
    test(`store cards and Learn More give one team figure per plan, from the catalogue, at ${width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${paths.store}?service=websites`);
      const cards = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3 }) });
      await expect(cards).toHaveCount(PLAN_IDS.length);
      for (const id of PLAN_IDS) {
        const card = cards.filter({ has: page.getByRole('heading', { level: 3, name: PLAN_NAMES[id], exact: true }) });
        await expect(card).toContainText(planTeam(id));
        await expect(card).not.toContainText(/Developers|Teams|Team:/);
      }
      await expect(cards.filter({ hasText: 'Gold' })).toContainText('9 dedicated engineers');
      await expect(cards.filter({ hasText: 'Bronze' })).toContainText('7 dedicated engineers');

      await page.getByRole('button', { name: 'Learn More about Gold' }).click();
      const dialog = page.getByRole('dialog', { name: 'Gold plan features' });
      await expect(dialog.getByRole('listitem').filter({ hasText: /engineers/ })).toHaveText(['9 dedicated engineers']);
      await expect(dialog).not.toContainText(/Developers|Team:/);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Learn More about Magento' }).click();
      const magento = page.getByRole('dialog', { name: 'Magento plan features' });
      await expect(magento).toContainText('A team sized to your store');
      await expect(magento).not.toContainText(/Developers|Team:/);
    });
  }

  test('the plan page lists the same engineers', async ({ page }) => {
    await page.goto(paths.productDetails('websites', 'bronze'));
    const included = page.getByRole('heading', { name: 'What is included' }).locator('xpath=following-sibling::ul[1]');
    await expect(included.getByRole('listitem').first()).toHaveText('7 dedicated engineers');
    await expect(page.getByRole('main')).not.toContainText(/Developers|Team:/);
  });
});
