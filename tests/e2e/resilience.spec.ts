/** What the person sees when the database cannot be reached, and when the customer area's code
 *  cannot be loaded: a notice after a bounded wait, never an endless spinner or a blank page. */
import type { Page, WebSocketRoute } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { SERVER_WAIT_MS } from '../../src/config/layout';
import { paths } from '../../src/config/paths';
import { CONNECTION_NOTICE } from '../../src/ui/connection-notice-texts';
import { alertDialog, createAccount, expectAlert, readDatabase, signInThroughPage, uniqueEmail, updateDatabase } from './auth.testing';
import { expect, test } from './fixtures.testing';

/** A little over the wait, for the SDK's and the browser's own timing. */
const NOTICE_DEADLINE_MS = SERVER_WAIT_MS + 5_000;
// The waits the site imposes are jumped over with Playwright's clock (installed per test; the page's
// time otherwise runs as usual); the SDK's reconnection after the database is back runs in real time.
const PASSWORD = 'secret-123';

/**
 * Puts the page's database WebSocket under the test's control. While blocked, a new socket
 * "opens" but the server never answers (as when it cannot be reached); `allow()` lets the next ones
 * through and drops the stuck ones so the SDK reconnects; `drop()` cuts the live connection.
 */
async function controlDatabase(page: Page) {
  let blocked = false;
  const sockets = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/\.ws/, (ws) => {
    sockets.add(ws);
    ws.onClose(() => sockets.delete(ws));
    if (!blocked) ws.connectToServer();
  });
  const closeAll = async () => {
    for (const ws of [...sockets]) await ws.close();
  };
  return {
    block: () => void (blocked = true),
    drop: async () => {
      blocked = true;
      await closeAll();
    },
    allow: async () => {
      blocked = false;
      await closeAll();
    },
  };
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: CONNECTION_NOTICE.title });

test.describe('the database cannot be reached', () => {
  test.setTimeout(60_000);

  test('order history says so after the wait instead of spinning, and shows the orders once it is back', async ({ page }) => {
    await page.clock.install();
    const database = await controlDatabase(page);
    await signInThroughPage(page, DEMO_CUSTOMER, `${paths.signIn}?next=${paths.dashboard}`);
    await expect(page).toHaveURL(paths.dashboard);

    database.block();
    await page.goto(paths.orderHistory);
    const orders = page.getByRole('region', { name: 'Your orders' });
    await expect(orders.getByText('Loading your orders…')).toBeAttached();
    await expect(notice(page)).toHaveCount(0);

    await page.clock.fastForward(SERVER_WAIT_MS);
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toContainText(CONNECTION_NOTICE.text);
    await expect(orders.getByText('Loading your orders…')).toHaveCount(0);
    await expect(orders.getByRole('article')).toHaveCount(0);

    await database.allow();
    await expect(orders.getByRole('article').first()).toBeVisible({ timeout: NOTICE_DEADLINE_MS });
    await expect(notice(page)).toHaveCount(0);
  });

  test('a connection lost after the profile showed: the profile stays, a save says so and keeps what was typed', async ({ page }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    const database = await controlDatabase(page);
    const email = uniqueEmail('resilience');
    const uid = await createAccount(email, PASSWORD);
    await updateDatabase({ [`users/${uid}`]: { firstName: 'Ada', lastName: 'Lovelace', email, createdAt: new Date().toISOString() } });
    await signInThroughPage(page, { email, password: PASSWORD }, `${paths.signIn}?next=${paths.profileSettings}`);
    const profile = page.getByRole('region', { name: 'Your profile' });
    const addAddress = profile.getByRole('button', { name: 'Add New address' });
    await expect(addAddress).toBeVisible();

    await database.drop();
    // The wait starts once the SDK has seen the connection go, a moment the test cannot see: the
    // clock is moved on a second at a time until the notice shows.
    await expect
      .poll(async () => {
        await page.clock.fastForward(1_000);
        return notice(page).isVisible();
      })
      .toBe(true);
    await expect(addAddress).toBeVisible();

    // A change made while the database is out of reach: told after the wait, not saving forever.
    await addAddress.click();
    const dialog = page.getByRole('dialog', { name: 'Edit address' });
    await dialog.getByLabel('Address').fill('1 Offline Way');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await page.clock.fastForward(SERVER_WAIT_MS);
    await expect(alertDialog(page)).toBeVisible();
    await expectAlert(page, { title: 'Oops!', text: /^We can’t reach our servers\. .*what you typed is still here\.$/, icon: 'error' });
    await expect(dialog.getByLabel('Address')).toHaveValue('1 Offline Way');
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();

    await database.allow();
    await expect(notice(page)).toHaveCount(0, { timeout: NOTICE_DEADLINE_MS });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(profile).toContainText('1 Offline Way');
    await expect.poll(() => readDatabase(`users/${uid}/address`)).toBe('1 Offline Way');
  });
});

const ACCOUNT_AREA_CHUNK = /\/assets\/account-area-[\w-]+\.js$/;

test('the customer area’s code cannot be loaded: a message with Retry, not a blank page', async ({ page, consoleErrors }) => {
  await page.route(ACCOUNT_AREA_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto(paths.dashboard);
  const alert = page.getByRole('alert').filter({ hasText: 'This page didn’t load' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', paths.home);

  await page.unroute(ACCOUNT_AREA_CHUNK);
  await page.getByRole('button', { name: 'Retry' }).click();
  // The area's code has run: its session guard sends this visitor to sign in, as it does on a first
  // load (the area's own frame is on screen only for a moment before that, too short to assert).
  await expect(page).toHaveURL(`${paths.signIn}?next=${encodeURIComponent(paths.dashboard)}`);
  await expect(page.getByText('Sign in to continue.')).toBeVisible();
  await expect(alert).toHaveCount(0);
  // The blocked request itself is reported by Chromium; nothing else may be.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED')));
});
