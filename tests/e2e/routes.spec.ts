import { BRAND } from '../../src/config/brand';
import { paths } from '../../src/config/paths';
import { signInThroughPage } from './auth-helpers';
import { expect, test } from './fixtures';

/** Every route of spec section 2 with the heading it must show. */
const ROUTES: [path: string, heading: string | RegExp][] = [
  [paths.home, 'Software that ships. Internet from space.'],
  [paths.nextGen, 'Next-Gen'],
  [paths.company, 'About us'],
  [paths.contact, 'Contact us'],
  [paths.support, 'Contact us'],
  [paths.waitlist, 'Open-access research program'],
  [paths.openAccessProgram, 'Open-access research program'],
  [paths.preorder, 'Pre-order Space'],
  [paths.spaceTrailer, 'Space trailer'],
  [paths.howItWorks, 'How it works'],
  [paths.whyChoose, `Why choose ${BRAND.name}`],
  [paths.difference, `The ${BRAND.name} difference`],
  [paths.thankYou, 'Thank you'],
  [paths.socials, 'Follow us'],
  [paths.sitemap, 'Sitemap'],
  [paths.legal, 'Legal'],
  [paths.privacyPolicy, 'Privacy policy'],
  [paths.termsOfService, 'Terms of service'],
  [paths.caseStudies, 'Case studies'],
  [paths.caseStudy('amg-mercedes'), 'AMG Mercedes'],
  [paths.caseStudy('charm'), 'Charm'],
  [paths.caseStudy('vmcrystalware'), 'VM.Crystalware'],
  [paths.caseStudy('aurora-mail'), 'Aurora Mail'],
  [paths.caseStudy('physical-therapy'), 'Physical Therapy'],
  [paths.caseStudy('cashcat-streaming'), 'CashCat Streaming'],
  [paths.signUp, 'Create your account'],
  [paths.signIn, 'Sign in'],
  [paths.create, 'Start something new'],
  [paths.enterprise, 'Enterprise builder'],
  [paths.powerOfTheMind, 'The power of the mind'],
  [paths.productDetails('websites', 'gold'), 'Plan details'],
  [paths.dashboard, 'Dashboard'],
  [paths.profileSettings, 'Profile settings'],
  [paths.orderHistory, 'Orders'],
  [paths.paymentMethods, 'Payment methods'],
  [paths.devPanel, 'Dev Panel'],
  [paths.store, 'Store'],
];

const SIGNED_IN_ONLY = new Set<string>([paths.dashboard, paths.profileSettings, paths.orderHistory, paths.paymentMethods, paths.devPanel]);

test.describe('every route renders', () => {
  for (const [path, heading] of ROUTES) {
    test(`${path} shows its heading and title`, async ({ page }) => {
      // The customer area needs a session (the session guard is tested in auth.spec.ts).
      if (SIGNED_IN_ONLY.has(path)) await signInThroughPage(page, undefined, `${paths.signIn}?next=${path}`);
      else await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      if (path === paths.home) await expect(page).toHaveTitle(`${BRAND.name} | Custom software and satellite internet`);
      else await expect(page).toHaveTitle(new RegExp(`^.+ \\| ${BRAND.name}$`));
    });
  }
});

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
