import type { Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures.testing';

const COMPANY_CHUNK = /\/assets\/company-page-[\w-]+\.js$/;

/** The refused downloads themselves are reported by Chromium; nothing else may be. */
function forgetBlockedRequests(consoleErrors: string[]) {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED/.test(e)));
}

/** Counts the documents the tab loads from now on (a reload is one; client-side navigations are
 *  none). Counted at the document's request, before any of its scripts are asked for. */
function countDocuments(page: Page): { readonly count: number } {
  const documents = { count: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.count++;
  });
  return documents;
}

/** Presses Retry and waits for the company page's code to arrive (the pre-rendered heading alone
 *  does not prove that the page works), then for the page in place of the message. */
async function retryIntoCompanyPage(page: Page) {
  const arrived = page.waitForResponse((response) => COMPANY_CHUNK.test(response.url()) && response.ok());
  await page.getByRole('button', { name: 'Retry' }).click();
  await arrived;
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(paths.company);
}

async function openCompanyFromHome(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }).click();
  await expect(page.getByRole('alert')).toContainText('This page didn’t load');
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toHaveCount(0);
}

test('a page whose chunk fails to load offers Retry, which recovers once the network is back', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await page.route(COMPANY_CHUNK, (route) => route.abort('internetdisconnected'));
  await openCompanyFromHome(page);

  await page.unroute(COMPANY_CHUNK);
  await retryIntoCompanyPage(page);
  forgetBlockedRequests(consoleErrors);
});

// Whatever the browser does with a failed module, this document can never load the chunk: every
// request for it from the first document is refused. Only a reload can recover, as it must in a
// browser that keeps failed dynamic imports (Chromium 150) or after a deployment renamed the chunk.
test('Retry recovers even when the page’s first document can never load the chunk again', async ({ page, consoleErrors }) => {
  await page.goto('/');
  const documents = countDocuments(page);
  await page.route(COMPANY_CHUNK, (route) => (documents.count === 0 ? route.abort('internetdisconnected') : route.fallback()));
  await openCompanyFromHome(page);

  await retryIntoCompanyPage(page);
  expect(documents.count, 'the page was reloaded exactly once').toBe(1);
  forgetBlockedRequests(consoleErrors);
});

test('while the server cannot be reached, Retry keeps the message instead of reloading into the browser’s error page', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  const documents = countDocuments(page);
  await page.route(COMPANY_CHUNK, (route) => route.abort('internetdisconnected'));
  await openCompanyFromHome(page);
  // The site itself is unreachable too: the check before a reload fails.
  await page.route(
    (url) => url.pathname === paths.company,
    (route) => route.abort('internetdisconnected'),
  );

  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toContainText('This page didn’t load');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(documents.count, 'no reload while offline').toBe(0);

  await page.unrouteAll();
  await retryIntoCompanyPage(page);
  forgetBlockedRequests(consoleErrors);
});

test('opening a page directly while its chunk is unreachable shows the message, not a blank page', async ({ page, consoleErrors }) => {
  await page.route(COMPANY_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.goto(paths.company);
  await expect(page.getByRole('alert')).toContainText('Check your connection and try again');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  forgetBlockedRequests(consoleErrors);
});
