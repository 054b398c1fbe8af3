import { BRAND } from '../../src/config/brand';
import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures.testing';
import { hydrated } from './hydration.testing';

test('the brand slug names the plan and difference routes', () => {
  expect(paths.whyChoose).toBe(`/why-choose-${BRAND.slug}`);
  expect(paths.difference).toBe(`/${BRAND.slug}-difference`);
});

test('an unknown address shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(`Page not found | ${BRAND.name}`);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown case study shows the 404 page', async ({ page }) => {
  await page.goto(paths.caseStudy('no-such-study'));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the footer sends every legal link to /legal', async ({ page }) => {
  await page.goto('/');
  const legal = page.getByRole('navigation', { name: 'Legal' });
  const links = legal.getByRole('link');
  await expect(links).toHaveCount(3);
  for (const link of await links.all()) await expect(link).toHaveAttribute('href', paths.legal);
  await legal.getByRole('link', { name: 'Terms of service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Legal' })).toBeVisible();
});

test('navigating scrolls back to the top and updates the title', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 400 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Sitemap' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Sitemap' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
  await expect(page).toHaveTitle(`Sitemap | ${BRAND.name}`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a page opened afresh in the same tab starts at the top, not where the previous page was left', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 600 });
  await page.goto(paths.privacyPolicy);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);

  await page.goto(paths.termsOfService);
  await hydrated(page.getByRole('heading', { level: 1, name: 'Terms of service' }));
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('Back returns to where the person scrolled before the app had started', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 400 });
  // The app's code is held back: the person reads and scrolls the pre-rendered page meanwhile.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  const sitemapLink = page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Sitemap' });
  await sitemapLink.scrollIntoViewIfNeeded();
  const homeScroll = await page.evaluate(() => window.scrollY);
  expect(homeScroll).toBeGreaterThan(0);
  release();
  await hydrated(sitemapLink);

  await sitemapLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Software that ships. Internet from space.' })).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(homeScroll);
});

test('a reload keeps its place', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 600 });
  await page.goto(paths.privacyPolicy);
  await hydrated(page.getByRole('heading', { level: 1, name: 'Privacy policy' }));
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);

  await page.reload();
  await hydrated(page.getByRole('heading', { level: 1, name: 'Privacy policy' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
});

test('Back and Forward return to where the person was on each page', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 400 });
  await page.goto('/');
  const sitemapLink = page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Sitemap' });
  await sitemapLink.scrollIntoViewIfNeeded();
  const homeScroll = await page.evaluate(() => window.scrollY);
  expect(homeScroll).toBeGreaterThan(0);
  await sitemapLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Software that ships. Internet from space.' })).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(homeScroll);

  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
