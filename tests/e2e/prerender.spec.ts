import { PAGE_SUMMARIES } from '../../src/config/page-summaries';
import { paths } from '../../src/config/paths';
import { DEFAULT_SITE_URL } from '../../src/config/site-url';
import { expect, test } from './fixtures';
import { PUBLIC_ROUTES, STORE_ROUTES } from './route-list';

const PRERENDERED = [...PUBLIC_ROUTES, [paths.store, 'Store'] as const];
const absolute = (path: string) => new URL(path, `${DEFAULT_SITE_URL}/`).href;

test.describe('pre-rendered pages', () => {
  test('/ arrives with its main heading and meta description in the HTML, before any script runs', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<h1[^>]*>Software that ships\. Internet from space\.<\/h1>/);
    expect(html).toContain(`<meta name="description" content="${PAGE_SUMMARIES.home}" />`);
    expect(html).toContain(`<link rel="canonical" href="${absolute('/')}" />`);
    // The app's module and the one inline script the CSP allows by its hash: the session hint
    // (scripts/hosting-rules.test.ts checks the hash).
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script>',
      expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">$/),
    ]);
  });

  test.describe('with JavaScript switched off', () => {
    test.use({ javaScriptEnabled: false });

    for (const [path, heading] of PRERENDERED) {
      test(`${path} shows its heading, styled, with its own title, description and canonical address`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.getByRole('link', { name: 'Skip to content' })).not.toBeInViewport();
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absolute(path));
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', absolute(path));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w{3,}.*\w/);
        expect(await page.title()).toContain(path === paths.home ? 'Custom software and satellite internet' : '| Leopard');
      });
    }
  });

  test('each public page has its own description', async ({ request }) => {
    const descriptions = new Map<string, string>();
    for (const [path] of PRERENDERED) {
      const html = await (await request.get(path)).text();
      descriptions.set(path, /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
    }
    // Pages at two addresses (support/contact, waitlist/open-access program) share theirs.
    expect(new Set(descriptions.values()).size).toBe(PRERENDERED.length - 2);
  });

  test('hydration adopts the pre-rendered page instead of drawing it again', async ({ page }) => {
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedFromMain: string[] }).removedFromMain = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) if (node.nodeType === 1) removed.push((node as Element).outerHTML.slice(0, 80));
        }
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of [paths.home, paths.caseStudy('charm'), paths.signUp, paths.legal, paths.store]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const removed = await page.evaluate(() => (window as unknown as { removedFromMain: string[] }).removedFromMain);
      expect(removed.filter((html) => !html.startsWith('<link')), path).toEqual([]);
    }
  });

  test('a client-side navigation brings the new page’s head along', async ({ page }) => {
    await page.goto(paths.home);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    await expect(page).toHaveTitle('About us | Leopard');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', PAGE_SUMMARIES.company);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absolute(paths.company));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'About us | Leopard');
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);

    await page.goBack();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', PAGE_SUMMARIES.home);
  });

  test('a plan page is named after its plan and service', async ({ page }) => {
    const [path, heading] = STORE_ROUTES[1]!;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} | Leopard`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`^${heading}: `));
  });

  test('robots.txt points to sitemap.xml, which lists the public pages and nothing private', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${absolute('/sitemap.xml')}`);
    expect(robots).toContain(`Disallow: ${paths.dashboard}`);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toMatch(/xml/);
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const [path] of PRERENDERED) {
      if (path === paths.thankYou) expect(locations).not.toContain(absolute(path));
      else expect(locations).toContain(absolute(path));
    }
    expect(locations).not.toContain(absolute(paths.dashboard));
  });

  test('the customer area and unknown addresses get the unrendered app shell', async ({ request }) => {
    for (const path of [paths.dashboard, paths.orderHistory, '/no-such-page']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
  });
});
