import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures';

const COMPANY_CHUNK = /\/assets\/company-page-[\w-]+\.js$/;

test('a page whose chunk fails to load offers Retry, which recovers', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await page.route(COMPANY_CHUNK, (route) => route.abort('internetdisconnected'));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This page didn’t load');
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toHaveCount(0);

  await page.unroute(COMPANY_CHUNK);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await expect(alert).toHaveCount(0);
  // The blocked request itself is reported by Chromium; nothing else may be.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED')));
});

test('opening a page directly while its chunk is unreachable shows the message, not a blank page', async ({ page, consoleErrors }) => {
  await page.route(COMPANY_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto(paths.company);
  await expect(page.getByRole('alert')).toContainText('Check your connection and try again');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED')));
});
