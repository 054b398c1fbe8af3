import type { Locator, Page } from '@playwright/test';
import { BRAND } from '../../src/config/brand';
import { paths } from '../../src/config/paths';
import { MARKETING_SERVICES } from '../../src/features/marketing/services';
import { expect, test } from './fixtures.testing';

/** The page's own content, without the header and footer navigation. */
const main = (page: Page) => page.getByRole('main');

/** A region of the page named by its heading. */
const region = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });

async function expectLinks(scope: Locator, links: Record<string, string>) {
  for (const [name, href] of Object.entries(links)) {
    await expect(scope.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
}

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(paths.home);
    await expect(page.getByRole('heading', { level: 1, name: 'Software that ships. Internet from space.' })).toBeVisible();
  });

  test('states every claim of the spec', async ({ page }) => {
    const claims = [
      `Snow ${BRAND.name} membership`,
      '$8.99 a month',
      'over 500,000 videos',
      '75% staff reduction',
      '250+ engineers',
      '1.2M lines of code',
      '$8M made for clients',
      '240+ happy clients',
      /^\s*[\d,]+ people requested access in the last 48 hours\.\s*$/,
    ];
    for (const claim of claims) await expect(main(page).getByText(claim).first()).toBeVisible();
  });

  test('links to contact, plans, store, Space and the development environment', async ({ page }) => {
    await expectLinks(main(page), {
      'Start your project': paths.contact,
      'See plans and prices': paths.whyChoose,
      'Browse plans in the store': paths.store,
      'How it works, step by step': paths.howItWorks,
      'Pre-order Space': paths.preorder,
      'Watch the Space trailer': paths.spaceTrailer,
      'Create an account for early access': paths.signUp,
      'Open the Dev Panel': paths.devPanel,
      'Contact us': paths.contact,
    });
  });

  test('lists the six services, the six-step process and the four how-it-works steps', async ({ page }) => {
    const services = region(page, 'What we build');
    for (const service of MARKETING_SERVICES) {
      await expect(services.getByRole('heading', { level: 3, name: service.name })).toBeVisible();
    }
    await expect(region(page, 'Our six-step execution process').getByRole('listitem')).toHaveCount(6);
    await expect(region(page, 'How it works').getByRole('heading', { level: 3 })).toHaveText([
      'Tell us what you need',
      'Pick your plan',
      'Meet your team and build',
      'Launch and grow',
    ]);
  });

  test('shows the partner certifications as our own badges', async ({ page }) => {
    const partners = region(page, 'Partner certifications');
    await expect(partners.getByRole('heading', { level: 3 })).toHaveText([
      'Cloud Partner',
      'Security Partner',
      'Payments Partner',
      'AI Partner',
    ]);
    const badge = partners.locator('img').first();
    await expect(badge).toHaveAttribute('src', /^\/images\/marketing\/badge-.+\.svg$/);
  });

  test('the engineering stack bars expose their values to assistive technology', async ({ page }) => {
    const stack = region(page, 'Our engineering stack');
    const expected: [string, number][] = [
      ['TypeScript & React', 95],
      ['Node.js & APIs', 92],
      ['Cloud & DevOps', 88],
      ['Swift & Kotlin', 84],
      ['Python & machine learning', 80],
      ['Solidity & smart contracts', 72],
    ];
    await expect(stack.getByRole('progressbar')).toHaveCount(expected.length);
    for (const [name, percent] of expected) {
      const bar = stack.getByRole('progressbar', { name, exact: true });
      await expect(bar).toHaveAttribute('aria-valuenow', String(percent));
      await expect(bar).toHaveAttribute('aria-valuemin', '0');
      await expect(bar).toHaveAttribute('aria-valuemax', '100');
      await expect(stack.getByText(`${percent}%`, { exact: true })).toBeVisible();
    }
  });

  test('images are sized, and lazy below the fold', async ({ page }) => {
    const images = main(page).locator('img');
    expect(await images.count()).toBeGreaterThan(0);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', /^\d+$/);
      await expect(image).toHaveAttribute('height', /^\d+$/);
      await expect(image).toHaveAttribute('loading', 'lazy');
    }
  });

  test('the closing call to action opens the contact page', async ({ page }) => {
    await region(page, 'Ready to build something?').getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(paths.contact);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  });
});

test.describe('next-gen page', () => {
  test('the banner links to the store', async ({ page }) => {
    await page.goto(paths.nextGen);
    const link = main(page).getByRole('link', { name: 'Shop plans in the store' });
    await expect(link).toHaveAttribute('href', paths.store);
    await link.click();
    await expect(page).toHaveURL(paths.store);
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
  });

  test('the language buttons switch the introduction and its lang', async ({ page }) => {
    await page.goto(paths.nextGen);
    const buttons = main(page).getByRole('group', { name: 'Language of the introduction' });
    const intro = (heading: string) => main(page).getByRole('heading', { level: 3, name: heading }).locator('..');
    await expect(buttons.getByRole('button')).toHaveText(['English', 'Español', 'Français', '中文']);
    await expect(buttons.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await expect(intro('Products for the next generation')).toHaveAttribute('lang', 'en');

    const cases: [button: string, lang: string, heading: string][] = [
      ['Español', 'es', 'Productos para la próxima generación'],
      ['Français', 'fr', 'Des produits pour la prochaine génération'],
      ['中文', 'zh', '为下一代打造的产品'],
      ['English', 'en', 'Products for the next generation'],
    ];
    for (const [button, lang, heading] of cases) {
      await buttons.getByRole('button', { name: button }).click();
      await expect(buttons.getByRole('button', { name: button })).toHaveAttribute('aria-pressed', 'true');
      await expect(buttons.getByRole('button', { pressed: true })).toHaveCount(1);
      await expect(intro(heading)).toHaveAttribute('lang', lang);
    }
    await expect(main(page).getByText('Productos para la próxima generación')).toHaveCount(0);
  });

  test('shows the trusted-customer stats', async ({ page }) => {
    await page.goto(paths.nextGen);
    const trusted = region(page, 'Trusted by our customers');
    for (const stat of ['240+ happy clients', '$8M made for clients', '250+ engineers', '1.2M lines of code']) {
      await expect(trusted.getByText(stat)).toBeVisible();
    }
    await expect(trusted.getByRole('link', { name: 'Read our case studies' })).toHaveAttribute('href', paths.caseStudies);
  });
});

test('company page: who we are, mission, next-gen, partnerships and careers with a way to apply', async ({ page }) => {
  await page.goto(paths.company);
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveText([
    'Who we are',
    'Our mission',
    'Next-gen',
    'Partnerships',
    'Careers',
  ]);
  await expectLinks(main(page), {
    'Discover our next-gen products': paths.nextGen,
    'Become a partner': paths.contact,
    'Ask us about working here': paths.contact,
  });
  await expect(main(page).getByRole('link', { name: 'Apply by email' })).toHaveAttribute('href', /^mailto:careers@/);
});

test('how-it-works page: the four steps in detail and a call to action', async ({ page }) => {
  await page.goto(paths.howItWorks);
  const steps = region(page, 'The four steps');
  await expect(steps.getByRole('heading', { level: 3 })).toHaveCount(4);
  await expect(steps.getByRole('listitem').filter({ hasText: 'Pick your plan' }).getByRole('listitem')).toHaveCount(3);
  await expectLinks(main(page), { 'Tell us what you need': paths.contact, 'Pick your plan': paths.whyChoose });
  await main(page).getByRole('link', { name: 'Tell us what you need' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
});

test.describe('why-choose page', () => {
  test('has the five plan banners, three mini banners and nothing else to product details', async ({ page }) => {
    await page.goto(paths.whyChoose);
    const links = main(page).locator('a[href^="/product-details"]');
    await expect(links).toHaveCount(8);
    const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual([
      '/product-details?service=websites&plan=earth',
      '/product-details?service=websites&plan=silver',
      '/product-details?service=websites&plan=gold',
      '/product-details?service=websites&plan=diamond-peak',
      '/product-details?service=websites&plan=platinum-unlimited',
      '/product-details?service=websites&plan=bronze',
      '/product-details?service=websites&plan=contact',
      '/product-details?service=websites&plan=sign-in',
    ]);
  });

  test('shows each plan with its monthly price in US dollars', async ({ page }) => {
    await page.goto(paths.whyChoose);
    const plans = region(page, 'Website plans');
    const expected: [string, string][] = [
      ['Earth', '$7,500 a month'],
      ['Silver', '$12,500 a month'],
      ['Gold', '$15,000 a month'],
      ['Diamond Peak', '$25,000 a month'],
      ['Platinum Unlimited', '$50,000 a month'],
    ];
    for (const [name, price] of expected) {
      const banner = plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(banner.getByText(price, { exact: true })).toBeVisible();
      await expect(banner.getByRole('link', { name: `See the ${name} plan` })).toBeVisible();
    }
    await expect(main(page).getByRole('heading', { name: 'Bronze — $10,000 a month' })).toBeVisible();
    await expect(region(page, 'Trusted by our customers')).toBeVisible();
  });

  test('a plan banner opens its product details', async ({ page }) => {
    await page.goto(paths.whyChoose);
    await main(page).getByRole('link', { name: 'See the Earth plan' }).click();
    await expect(page).toHaveURL(paths.productDetails('websites', 'earth'));
    await expect(page.getByRole('heading', { level: 1, name: 'Earth plan for Web Apps' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Price summary' })).toContainText('$7,500.00');
  });
});

test('difference page: a comparison table with headers, reasons and calls to action', async ({ page }) => {
  await page.goto(paths.difference);
  const table = main(page).getByRole('table', { name: `A typical agency compared with ${BRAND.name}` });
  await expect(table.getByRole('columnheader')).toHaveText(['Topic', 'Typical agency', BRAND.name]);
  await expect(table.getByRole('rowheader')).toHaveCount(6);
  await expect(table.getByRole('row', { name: /^Pricing/ }).getByRole('cell')).toHaveCount(2);
  await expect(region(page, `Why teams switch to ${BRAND.name}`).getByRole('heading', { level: 3 })).toHaveCount(4);
  await expectLinks(main(page), { 'Compare our plans': paths.whyChoose, 'Talk to an engineer': paths.contact });
});

test('enterprise page: the builder, with a waitlist link', async ({ page }) => {
  await page.goto(paths.enterprise);
  await expect(main(page).getByText(/drag and drop/)).toBeVisible();
  await expectLinks(main(page), {
    'Join the builder waitlist': paths.builderWaitlist,
    'Join the waitlist for early access': paths.builderWaitlist,
    'Talk to us about an enterprise pilot': paths.contact,
  });
  await main(page).getByRole('link', { name: 'Join the builder waitlist' }).click();
  await expect(page).toHaveURL(paths.builderWaitlist);
  await expect(page.getByRole('heading', { level: 1, name: 'Enterprise builder waitlist' })).toBeVisible();
  await expect(page.getByText('You are joining the builder waitlist.')).toBeVisible();
});

test('power-of-the-mind page: ideas to products, research and the open-access program', async ({ page }) => {
  await page.goto(paths.powerOfTheMind);
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveText([
    'From idea to product',
    'Our research',
    'The open-access program',
  ]);
  await expectLinks(main(page), {
    'Join the open-access program': paths.openAccessProgram,
    'Propose a research partnership': paths.contact,
  });
});

test('create page: three ways to start', async ({ page }) => {
  await page.goto(paths.create);
  await expectLinks(main(page), {
    'Go to the store': paths.store,
    'Contact our team': paths.contact,
    'Create your account': paths.signUp,
  });
  await main(page).getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(paths.signUp);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  const pages = [
    paths.home,
    paths.nextGen,
    paths.company,
    paths.howItWorks,
    paths.whyChoose,
    paths.difference,
    paths.enterprise,
    paths.powerOfTheMind,
    paths.create,
  ];
  for (const path of pages) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    });
  }
});
