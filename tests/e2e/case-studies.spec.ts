import { externalLinks } from '../../src/config/external-links';
import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures.testing';

const STUDIES = [
  { slug: 'amg-mercedes', name: 'AMG Mercedes' },
  { slug: 'charm', name: 'Charm' },
  { slug: 'vmcrystalware', name: 'VM.Crystalware' },
  { slug: 'aurora-mail', name: 'Aurora Mail' },
  { slug: 'physical-therapy', name: 'Physical Therapy' },
  { slug: 'cashcat-streaming', name: 'CashCat Streaming' },
];

test('the index shows a card per study and one external card', async ({ page }) => {
  await page.goto(paths.caseStudies);
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(STUDIES.length + 1);
  for (const [index, study] of STUDIES.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(study.name);
    await expect(card.getByRole('link', { name: `View Details about ${study.name}` })).toHaveAttribute('href', paths.caseStudy(study.slug));
    await expect(card.locator('img')).toHaveAttribute('width', '1200');
  }
});

for (const [index, study] of STUDIES.entries()) {
  test(`View Details leads to ${study.name}, whose Get started button leads to /contact`, async ({ page }) => {
    await page.goto(paths.caseStudies);
    await page.getByRole('link', { name: `View Details about ${study.name}` }).click();

    await expect(page).toHaveURL(paths.caseStudy(study.slug));
    await expect(page.getByRole('heading', { level: 1, name: study.name, exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeAttached();

    // Alternate between the button at the top and the one at the end of the page.
    const button = index % 2 === 0 ? 'Get started' : 'Get started on your project';
    await page.getByRole('link', { name: button, exact: true }).click();
    await expect(page).toHaveURL(paths.contact);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  });
}

test('the VM.Crystalware demo button opens the demo site in a new tab', async ({ page }) => {
  await page.goto(paths.caseStudy('vmcrystalware'));
  const demo = page.getByRole('link', { name: 'View the live demo (opens in a new tab)' });
  await expect(demo).toHaveAttribute('href', externalLinks.vmCrystalwareDemo);
  await expect(demo).toHaveAttribute('target', '_blank');
  await expect(demo).toHaveAttribute('rel', /noopener/);
});

test('the external card links to the live site in a new tab and says so', async ({ page }) => {
  await page.goto(paths.caseStudies);
  const external = page.getByRole('link', { name: /opens in a new tab/ });
  await expect(external).toHaveCount(1);
  await expect(external).toHaveAccessibleName('Visit the live store of Tidewater Surf Co. (opens in a new tab)');
  await expect(external).toHaveAttribute('href', externalLinks.tidewaterSurfStore);
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', /noopener/);
});

test('pictures reserve their space and those below the fold load lazily', async ({ page }) => {
  await page.goto(paths.caseStudy('aurora-mail'));
  const images = page.getByRole('main').locator('img');
  await expect(images).toHaveCount(2);
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.last()).toHaveAttribute('loading', 'lazy');
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', '1200');
    await expect(image).toHaveAttribute('height', '750');
    await expect(image).toHaveAttribute('alt', /.{20,}/);
  }
});

test('an unknown case study shows the 404 page', async ({ page }) => {
  await page.goto(paths.caseStudy('no-such-study'));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('case-study pages fit a 375 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of [paths.caseStudies, paths.caseStudy('cashcat-streaming')]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});
