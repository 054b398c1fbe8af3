/** The site shows who is signed in, on every page, without loading Firebase on the landing page for
 *  visitors (docs/decisions/0083-session-hint.md, 0104-shared-session-layer.md). */
import type { Page } from '@playwright/test';
import { LOCAL_STACK } from '../../emulators/local-config';
import { emulatorsBuildFolder } from '../../emulators/stack-files';
import { STORED_USER_ID_KEY } from '../../src/session/stored-user-id';
import { paths } from '../../src/config/paths';
import { firebaseModulesIn, readManifest } from '../../scripts/bundle-graph';
import {
  createAccount,
  dismissAlert,
  fillSignUp,
  lookupAccount,
  oobCodesFor,
  signInThroughPage,
  submitSignUp,
  uniqueEmail,
  validSignUp,
} from './auth.testing';
import { expect, test } from './fixtures.testing';
import { clickHydrated } from './hydration.testing';

const PASSWORD = 'secret-123';
const DIST = emulatorsBuildFolder(LOCAL_STACK.offset);

/** The built files that hold any Firebase SDK module. */
function firebaseFiles(): Set<string> {
  const manifest = readManifest(DIST);
  return new Set(
    Object.entries(manifest)
      .filter(([key]) => firebaseModulesIn(DIST, manifest, [key]).length > 0)
      .map(([, chunk]) => `/${chunk.file}`),
  );
}

/** Records the paths of every script the page requests. */
function recordScripts(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  return requested;
}

/** A new customer, signed in through the sign-in page, left on `path`. */
async function signInAsNewCustomer(page: Page, path: string = paths.dashboard): Promise<{ email: string; uid: string }> {
  const email = uniqueEmail('session');
  const uid = await createAccount(email, PASSWORD);
  await signInThroughPage(page, { email, password: PASSWORD }, `${paths.signIn}?next=${path}`);
  await expect(page).toHaveURL(path);
  return { email, uid };
}

const header = (page: Page) => page.getByRole('banner');
const openPhoneMenu = (page: Page) => clickHydrated(header(page).getByRole('button', { name: 'Menu' }));
const accountButton = (page: Page) => header(page).getByRole('button', { name: 'Account' });
const signInLink = (page: Page) => header(page).getByRole('link', { name: 'Sign in' });

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '375 px phone', width: 375, height: 740 },
]) {
  const phone = viewport.width < 768;

  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport });

    /** Opens the account entries: the phone's one menu (the site's, or the customer area's
     *  overlay), or the desktop header's Account menu. */
    async function openAccountEntries(page: Page) {
      if (phone) {
        await openPhoneMenu(page);
        return page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Dashboard' }) });
      }
      await clickHydrated(accountButton(page));
      return header(page).getByRole('list', { name: 'Account' });
    }

    test('a visitor sees "Sign in" and the landing page loads no Firebase code, even after interacting', async ({ page }) => {
      const scripts = recordScripts(page);
      await page.goto(paths.home);
      if (phone) await openPhoneMenu(page);
      await expect(signInLink(page)).toBeVisible();
      await expect(accountButton(page)).toBeHidden();
      await page.mouse.click(5, 400);
      await page.keyboard.press('Tab');
      // Longer than the idle wait that would load Auth for a hinted session.
      await page.waitForTimeout(1_500);
      const firebase = firebaseFiles();
      expect(firebase.size).toBeGreaterThan(0);
      expect(scripts.filter((file) => firebase.has(file))).toEqual([]);
    });

    test('signed in: every page’s header has the account menu instead of "Sign in", and Sign out ends it', async ({ page }) => {
      await signInAsNewCustomer(page);
      for (const path of [paths.home, paths.caseStudies, paths.store, paths.dashboard]) {
        await page.goto(path);
        const entries = await openAccountEntries(page);
        await expect(signInLink(page)).toBeHidden();
        for (const name of ['Dashboard', 'Orders', 'Profile Settings']) await expect(entries.getByRole('link', { name })).toBeVisible();
        await expect(entries.getByRole('button', { name: 'Sign out' })).toBeVisible();
        await page.keyboard.press('Escape');
      }

      await page.goto(paths.caseStudies);
      const entries = await openAccountEntries(page);
      await entries.getByRole('link', { name: 'Orders' }).click();
      await expect(page).toHaveURL(paths.orderHistory);

      await page.goto(paths.home);
      await (await openAccountEntries(page)).getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(paths.signIn);
      expect(await page.evaluate((key) => localStorage.getItem(key), STORED_USER_ID_KEY)).toBeNull();
      if (phone) await openPhoneMenu(page);
      await expect(signInLink(page)).toBeVisible();
      await expect(accountButton(page)).toBeHidden();
    });

    test('the header follows the stored user id before any script runs, and Auth corrects a wrong one', async ({ page }) => {
      // A stale hint: the stored user id of a session that no longer exists.
      await page.addInitScript((key) => localStorage.setItem(key, 'stale-user'), STORED_USER_ID_KEY);
      // Scripts are held back: only the page's HTML and index.html's inline script run at first.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route) => {
        await released;
        await route.continue();
      });
      const scripts = recordScripts(page);
      // Module scripts run before DOMContentLoaded, so wait only for the response.
      await page.goto(paths.company, { waitUntil: 'commit' });
      await expect(page.locator('html')).toHaveAttribute('data-session', 'hint');
      if (!phone) {
        await expect(accountButton(page)).toBeVisible();
        await expect(signInLink(page)).toBeHidden();
      }
      release();

      // The hint makes the site load Auth once idle; Auth finds nobody and the header follows.
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORED_USER_ID_KEY)).toBeNull();
      if (phone) await openPhoneMenu(page);
      await expect(signInLink(page)).toBeVisible();
      await expect(accountButton(page)).toBeHidden();
      const firebase = firebaseFiles();
      expect(scripts.some((file) => firebase.has(file))).toBe(true);
    });

    test('/sign-in and /signup send a signed-in person on, to ?next= or the dashboard', async ({ page }) => {
      await signInAsNewCustomer(page);
      await page.goto(paths.signIn);
      await expect(page).toHaveURL(paths.dashboard);
      await page.goto(`${paths.signIn}?next=${encodeURIComponent(paths.orderHistory)}`);
      await expect(page).toHaveURL(paths.orderHistory);
      await page.goto(paths.signUp);
      await expect(page).toHaveURL(paths.dashboard);
      await expect(page.getByRole('form', { name: 'Create your account' })).toHaveCount(0);
    });

    test('a visitor on /store gets the public layout: no customer menu, no Sign out, one menu button, and no Firebase code', async ({
      page,
    }) => {
      const scripts = recordScripts(page);
      await page.goto(paths.store);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Account' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      if (phone) {
        await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(1);
        await openPhoneMenu(page);
        const nav = header(page).getByRole('navigation', { name: 'Main' });
        await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
        await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeHidden();
      } else {
        await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
      }
      await clickHydrated(page.getByRole('link', { name: 'Purchase Now Web Apps' }));
      await expect(page.getByRole('heading', { name: 'Pick a Model' })).toBeVisible();
      // Longer than the idle wait that would load Auth for a hinted session.
      await page.waitForTimeout(1_500);
      const firebase = firebaseFiles();
      expect(scripts.filter((file) => firebase.has(file))).toEqual([]);
    });

    test('a signed-in customer on /store keeps the customer-area menu, with one menu button on a phone', async ({ page }) => {
      await signInAsNewCustomer(page, paths.store);
      if (phone) {
        await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(1);
        await page.getByRole('button', { name: 'Menu' }).click();
        const account = page.getByRole('navigation', { name: 'Account' });
        for (const name of ['Dashboard', 'Profile Settings', 'Orders', 'Payment Methods', 'Dev Panel', 'Store']) {
          await expect(account.getByRole('link', { name })).toBeVisible();
        }
        await expect(account.getByRole('button', { name: 'Sign out' })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Case studies' })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(account).toBeHidden();
      } else {
        const account = page.getByRole('navigation', { name: 'Account' });
        await expect(account.getByRole('link', { name: 'Store' })).toHaveAttribute('aria-current', 'page');
        await expect(account.getByRole('button', { name: 'Sign out' })).toBeVisible();
      }
      await clickHydrated(page.getByRole('link', { name: 'Purchase Now Web Apps' }));
      await expect(page.getByRole('heading', { name: 'Pick a Model' })).toBeVisible();
    });

    test('on /store, a session that arrives (signed in from another tab) keeps the popup the customer opened', async ({
      page,
      context,
    }) => {
      await page.goto(paths.store);
      await clickHydrated(page.getByRole('link', { name: 'Purchase Now Web Apps' }));
      await page.getByRole('button', { name: 'Learn More about Bronze' }).click();
      const popup = page.getByRole('dialog', { name: 'Bronze plan features' });
      await expect(popup).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeAttached(); // the visitor's frame

      const other = await context.newPage();
      await signInAsNewCustomer(other);
      await other.close();

      await expect(page.getByRole('contentinfo')).toHaveCount(0); // the customer area's frame now
      if (!phone) await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
      await expect(popup).toBeVisible();
    });

    test('/thank-you never sends a visitor into "Inactive Session"; a customer gets My Dashboard', async ({ page }) => {
      await page.goto(paths.thankYou);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'My Dashboard' })).toBeHidden();
      await expect(main.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', paths.signUp);
      await main.getByRole('link', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(paths.dashboard)}`);
      await expect(page.locator('.swal2-popup')).toHaveCount(0);

      await signInThroughPage(page, { email: (await signUpVisitor()).email, password: PASSWORD });
      await expect(page).toHaveURL(paths.dashboard);
      await page.goto(paths.thankYou);
      await expect(main.getByRole('link', { name: 'Create your account' })).toBeHidden();
      await main.getByRole('link', { name: 'My Dashboard' }).click();
      await expect(page).toHaveURL(paths.dashboard);
    });
  });
}

async function signUpVisitor() {
  const email = uniqueEmail('thanks');
  await createAccount(email, PASSWORD);
  return { email };
}

test.describe('the verification email', () => {
  test('links back to the dashboard, and the site sees the new state when the person returns', async ({ page, context }) => {
    const input = validSignUp();
    await page.goto(paths.signUp);
    await fillSignUp(page, input);
    await submitSignUp(page);
    await dismissAlert(page);
    await page.goto(paths.devPanel);
    const warning = page.getByText('Warning! Please verify your email');
    await expect(warning).toBeVisible();

    // What the Auth emulator "sent" when the account was created.
    const sent = (await oobCodesFor(input.email)).filter((code) => code.requestType === 'VERIFY_EMAIL');
    expect(sent).toHaveLength(1);
    const link = sent[0]!.oobLink;
    const continueUrl = new URL(new URL(link).searchParams.get('continueUrl') ?? '');
    expect(continueUrl.origin + continueUrl.pathname).toBe(new URL(paths.dashboard, page.url()).href);

    // The person opens the link from their mail (another tab), then comes back to this one.
    const mail = await context.newPage();
    await mail.goto(link);
    await expect.poll(async () => (await lookupAccount(input.email))?.emailVerified).toBe(true);
    await mail.close();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(warning).toBeHidden();
  });
});
