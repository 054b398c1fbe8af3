import type { Page } from '@playwright/test';
import { externalLinks } from '../../src/config/external-links';
import { paths } from '../../src/config/paths';
import { expectNoAxeViolations } from './axe.testing';
import { expect, test } from './fixtures.testing';
import { clickHydrated } from './hydration.testing';

const footer = (page: Page) => page.getByRole('region', { name: 'Price summary' });
const group = (page: Page, name: string) => page.getByRole('group', { name });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Every picture on the page has loaded (a missing file has no natural width). */
async function expectImagesLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < innerHeight)
          .every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

test.describe('axe finds no WCAG A/AA violations', () => {
  test('on the categories, the models and the Learn More popup', async ({ page }) => {
    await page.goto(paths.store);
    await expect(page.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
    await expectNoAxeViolations(page);
    await clickHydrated(page.getByRole('link', { name: 'Purchase Now Wearable Apps' }));
    await page.getByRole('button', { name: 'Learn More about Bronze' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on the plan page with a trade-in error, its popup and its gallery', async ({ page }) => {
    await page.goto(paths.productDetails('wearable_apps', 'bronze'));
    await group(page, 'Do you have an application to trade in?').getByText('Yes').click();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page.getByRole('combobox', { name: 'Where does your application run?' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'About the trade-in reward' }).click();
    await expect(page.getByRole('dialog', { name: 'Trade-in reward' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'View Gallery' }).click();
    await expect(page.getByRole('region', { name: 'Bronze plan gallery' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on the magento page and the plan-not-found page', async ({ page }) => {
    await page.goto(paths.productDetails('ecommerce_magento', 'magento'));
    await expect(page.getByRole('link', { name: 'Contact us by phone' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/product-details?plan=earth');
    await expect(page.getByRole('heading', { name: 'Plan not found' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('a visitor picks a service and a model, reads its features, and configures it', async ({ page }) => {
  await page.goto(paths.store);
  await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
  await clickHydrated(page.getByRole('link', { name: 'Purchase Now Web Apps' }));
  await expect(page).toHaveURL('/store?service=websites');
  await expect(page.getByRole('heading', { level: 2, name: 'Pick a Model' })).toBeFocused();
  await expect(
    page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) }),
  ).toHaveCount(7);
  await expectImagesLoaded(page);

  // Learn More by keyboard: opens, Escape closes, focus comes back.
  const learnMore = page.getByRole('button', { name: 'Learn More about Earth' });
  await learnMore.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Earth plan features' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toContainText([
    '5 dedicated engineers',
    '1-2 projects at a time',
    '8GB database',
    '256GB team SSD',
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(learnMore).toBeFocused();

  await page.getByRole('link', { name: 'Buy Earth' }).click();
  await expect(page).toHaveURL(paths.productDetails('websites', 'earth'));
  await expect(page.getByRole('heading', { level: 1, name: 'Earth plan for Web Apps' })).toBeVisible();
  await expect(footer(page)).toContainText('$7,500.00 a month for 12 mo.');
  await expect(footer(page)).toContainText('2-year warranty included');

  await group(page, 'Billing').getByText('Yearly').click();
  await expect(footer(page)).toContainText('$90,000.00 for the year');
  await page.getByRole('checkbox', { name: 'Add 500GB of storage (+$2,500.00)' }).check();
  await group(page, 'Security').getByText('Full (+$799.99)').click();
  await expect(footer(page)).toContainText('$93,299.99 for the year');

  const tradeIn = group(page, 'Do you have an application to trade in?');
  await tradeIn.getByText('Yes').click();
  await page.getByRole('combobox', { name: 'Where does your application run?' }).selectOption({ label: 'Developer Made' });
  await tradeIn.getByRole('button', { name: 'About the trade-in reward' }).click();
  const popup = page.getByRole('dialog', { name: 'Trade-in reward' });
  await expect(popup).toContainText('$750 trade-in reward');
  await expect(popup).toContainText('worth up to $850');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  // The trade-in reward is settled later: the amount due does not change.
  await expect(footer(page)).toContainText('$93,299.99 for the year');

  await group(page, 'Billing').getByText('Monthly').click();
  await expect(footer(page)).toContainText('$10,799.99 a month for 12 mo.');
});

test('the billing period is a keyboard radio group', async ({ page }) => {
  await page.goto(paths.productDetails('websites', 'gold'));
  const monthly = group(page, 'Billing').getByRole('radio', { name: /Monthly/ });
  await monthly.focus();
  await page.keyboard.press('ArrowRight');
  await expect(group(page, 'Billing').getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await expect(footer(page)).toContainText('$180,000.00 for the year');
});

test('the gallery opens with the plan’s slides and closes back to the same configuration', async ({ page }) => {
  await page.goto(paths.productDetails('mobile_apps', 'silver'));
  await page.getByRole('checkbox', { name: /storage/ }).check();
  await page.getByRole('button', { name: 'View Gallery' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Gallery' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Silver' })).toHaveAttribute('aria-selected', 'true');
  const carousel = page.getByRole('region', { name: 'Silver plan gallery' });
  await expect(carousel.getByRole('img', { name: /The Silver team: 8 engineers/ })).toBeVisible();
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(carousel.getByRole('img', { name: /project board of the Silver plan with 5-6 projects/ })).toBeVisible();
  await expectImagesLoaded(page);

  await page.getByRole('tab', { name: 'Silver' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Gold' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Gold plan gallery' })).toBeVisible();

  await page.getByRole('button', { name: 'Close gallery' }).click();
  await expect(page.getByRole('button', { name: 'View Gallery' })).toBeFocused();
  await expect(page.getByRole('checkbox', { name: /storage/ })).toBeChecked();
  await expect(footer(page)).toContainText('$16,000.00 a month for 12 mo.');
});

test('magento is ordered by phone', async ({ page }) => {
  await page.goto(paths.productDetails('ecommerce_magento', 'magento'));
  await expect(page.getByRole('heading', { level: 1, name: 'Magento plan for Ecommerce & Magento' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact us by phone' })).toHaveAttribute('href', `tel:${externalLinks.phone}`);
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(footer(page)).toContainText('Pay as you go');
});

test('plan=contact and plan=sign-in lead to their pages, replacing the address', async ({ page }) => {
  await page.goto(paths.store);
  await page.goto(paths.productDetails('websites', 'contact'));
  await expect(page).toHaveURL(paths.contact);
  await page.goBack();
  await expect(page).toHaveURL(paths.store);

  await page.goto(paths.productDetails('websites', 'sign-in'));
  await expect(page).toHaveURL(paths.signIn);
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
});

test('an unknown plan says so and leads back to the store', async ({ page }) => {
  await page.goto('/product-details?service=websites&plan=titanium');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan not found' })).toBeVisible();
  await expect(page.getByText('We do not have a plan called “titanium”.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Compare the plans' }).click();
  await expect(page).toHaveURL(paths.whyChoose);
  await page.goBack();
  await page.getByRole('link', { name: 'Go to the store' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a service' })).toBeVisible();
});

test('back and forward move between the categories and the models, and reload keeps the models', async ({ page }) => {
  await page.goto(paths.store);
  await clickHydrated(page.getByRole('link', { name: 'Purchase Now Virtual Reality' }));
  await expect(page.getByRole('heading', { name: 'Pick a Model' })).toBeVisible();
  await expect(page.getByText('Virtual Reality', { exact: true })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Pick a Model' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pick a Model' })).toBeVisible();

  await page.getByRole('button', { name: 'Back to categories' }).click();
  await expect(page).toHaveURL(paths.store);
  await expect(page.getByRole('heading', { name: 'Choose a service' })).toBeFocused();

  await page.goto('/store?service=time_travel');
  await expect(page.getByRole('status').filter({ hasText: 'We do not offer a service called “time_travel”' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Purchase Now/ })).toHaveCount(9);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the store and the plan page fit without sideways scrolling', async ({ page }) => {
    await page.goto(paths.store);
    await expect(page.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await clickHydrated(page.getByRole('link', { name: 'Purchase Now Blockchain & NFTs' }));
    await expect(page.getByRole('heading', { name: 'Pick a Model' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto(paths.productDetails('blockchain_nfts', 'platinum-unlimited'));
    await group(page, 'Do you have an application to trade in?').getByText('Yes').click();
    await expect(footer(page)).toContainText('$50,000.00 a month for 12 mo.');
    await expect(footer(page)).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'View Gallery' }).click();
    await expect(page.getByRole('region', { name: 'Platinum Unlimited plan gallery' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
