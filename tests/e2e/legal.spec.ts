import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures.testing';
import { appStarted, hydrated } from './hydration.testing';

const DOCUMENTS = [
  { title: 'Privacy policy', path: paths.privacyPolicy },
  { title: 'Terms of service', path: paths.termsOfService },
];

for (const document of DOCUMENTS) {
  test(`the legal index leads to the ${document.title} and its Back button returns`, async ({ page }) => {
    await page.goto(paths.legal);
    await expect(page.getByRole('heading', { level: 1, name: 'Legal' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: document.title, exact: true }).click();

    await expect(page).toHaveURL(document.path);
    await expect(page.getByRole('heading', { level: 1, name: document.title, exact: true })).toBeVisible();
    await expect(page.getByText(/^Last updated: \w+ \d{1,2}, \d{4}$/)).toBeVisible();

    await page.getByRole('link', { name: 'Back to Legal' }).click();
    await expect(page).toHaveURL(paths.legal);
    await expect(page.getByRole('heading', { level: 1, name: 'Legal' })).toBeVisible();
  });
}

test('the terms carry the claim limit, the liability cap, the 30-day dispute period and the NDA', async ({ page }) => {
  await page.goto(paths.termsOfService);
  const section = (name: RegExp) => page.getByRole('region', { name });

  await expect(section(/Time limit for claims/)).toContainText('must be brought within 1 year');
  const liability = section(/Limitation of liability/);
  await expect(liability).toContainText('the greater of');
  await expect(liability).toContainText('one third (1/3) of the fees you paid us in the six (6) months');
  await expect(liability).toContainText('US$100');
  await expect(section(/Dispute resolution/)).toContainText('informal negotiation for 30 days');

  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings.last()).toHaveText(/Non-disclosure agreement \(NDA\)$/);
  await expect(section(/Non-disclosure agreement \(NDA\)/)).toContainText('Confidential information');
});

const JUMPS = [
  { path: paths.termsOfService, link: 'Dispute resolution', id: 'dispute-resolution' },
  { path: paths.termsOfService, link: 'Non-disclosure agreement (NDA)', id: 'non-disclosure' },
  { path: paths.privacyPolicy, link: 'California privacy rights (CCPA)', id: 'california' },
  { path: paths.privacyPolicy, link: 'Cookies and local storage', id: 'cookies-and-local-storage' },
];

for (const jump of JUMPS) {
  test(`the contents link "${jump.link}" jumps to its section`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto(jump.path);
    const heading = page.getByRole('region', { name: jump.link }).getByRole('heading', { level: 2 });
    await expect(heading).not.toBeInViewport();

    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: jump.link, exact: true }).click();

    await expect(page).toHaveURL(`${jump.path}#${jump.id}`);
    await expect(heading).toBeInViewport();
    // Not hidden under the sticky site header.
    const headerBottom = await page
      .getByRole('banner')
      .first()
      .evaluate((el) => el.getBoundingClientRect().bottom);
    const headingTop = await heading.evaluate((el) => el.getBoundingClientRect().top);
    expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
  });
}

test('a contents link clicked while the page is still hydrating lands on its section and stays there', async ({ page }) => {
  // The page's own chunk is held back: the site's frame (and the router) runs, the document's
  // links are still plain HTML, so the browser makes the jump itself.
  let releaseChunk = () => {};
  const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
  await page.route(/\/assets\/terms-of-service-page-[\w-]+\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto(paths.termsOfService);
  await appStarted(page);
  const heading = page.getByRole('region', { name: 'Dispute resolution' }).getByRole('heading', { level: 2 });

  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Dispute resolution', exact: true }).click();
  await expect(page).toHaveURL(`${paths.termsOfService}#dispute-resolution`);
  await page.waitForTimeout(600);
  await expect(heading).toBeInViewport();
  releaseChunk();
  await page.waitForTimeout(600);
  await expect(heading).toBeInViewport();
});

test('an address with a new #section, typed on a hydrated page, jumps to that section', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto(paths.privacyPolicy);
  const heading = page.getByRole('region', { name: 'Cookies and local storage' }).getByRole('heading', { level: 2 });
  await hydrated(heading);
  await page.evaluate(() => (window.location.hash = '#cookies-and-local-storage'));
  await page.waitForTimeout(600);
  await expect(heading).toBeInViewport();
});

test('a legal document fits a 375 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(paths.privacyPolicy);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
