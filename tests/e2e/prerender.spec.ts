import type { Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { PAGE_SUMMARIES } from '../../src/config/page-summaries';
import { paths } from '../../src/config/paths';
import { DEFAULT_SITE_URL } from '../../src/config/site-url';
import { planImagePath } from '../../src/features/store/plan-media';
import { expect, test } from './fixtures.testing';
import { appStarted, hydrated } from './hydration.testing';
import { PUBLIC_ROUTES, STORE_ROUTES } from './route-list.testing';

const PRERENDERED = [...PUBLIC_ROUTES, [paths.store, 'Store'] as const];
const absolute = (path: string) => new URL(path, `${DEFAULT_SITE_URL}/`).href;

/** Holds back animation frames, so the app waits at its first step (src/main.tsx waits for a
 *  painted frame) until releaseFrames() lets them run. */
async function holdFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const held: FrameRequestCallback[] = [];
    const native = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => held.push(callback);
    (window as unknown as { releaseFrames: () => void }).releaseFrames = () => {
      window.requestAnimationFrame = native;
      held.splice(0).forEach((callback) => native(callback));
    };
  });
}

const releaseFrames = (page: Page) => page.evaluate(() => (window as unknown as { releaseFrames: () => void }).releaseFrames());

/** Counts the documents the tab loads (client-side navigations load none). */
function countDocuments(page: Page): { readonly count: number } {
  const documents = { count: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.count += 1;
  });
  return documents;
}

/** The woff2 files the @font-face rules of a stylesheet load (read independently of the build's own
 *  scripts/critical-css.ts). */
const fontFaceWoff2 = (css: string) => [
  ...new Set(
    [...css.matchAll(/@font-face\{[^}]*\}/g)].flatMap(([face]) =>
      [...face.matchAll(/url\(["']?([^"')]+\.woff2)["']?\)/g)].map((match) => match[1]!),
    ),
  ),
];

test.describe('shaped for the first paint', () => {
  test('each page inlines its critical CSS, defers its stylesheet, preloads its fonts and no scripts', async ({ request }) => {
    for (const [path] of PRERENDERED) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const parsedHead = head.replace(/<noscript>[\s\S]*?<\/noscript>/g, ''); // what a browser with JavaScript reads
      const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
      expect(styles, `${path}: one inline critical stylesheet`).toHaveLength(1);
      expect(styles[0]!.length, path).toBeGreaterThan(2000);
      expect(styles[0], path).toMatch(/(^|})body\{/);

      const stylesheets = parsedHead.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g) ?? [];
      expect(stylesheets.length, path).toBeGreaterThan(0);
      for (const link of stylesheets)
        expect(link, `${path}: not fetched before the first paint`).toMatch(/ media="print" disabled data-deferred-style>$/);
      expect(head, `${path}: the stylesheet for browsers without JavaScript`).toMatch(/<noscript><link rel="stylesheet"[^>]*><\/noscript>/);

      expect(html, `${path}: no module preload before the first paint`).not.toContain('modulepreload');
      expect(html.match(/<script\b[^>]*\bsrc=[^>]*>/g), path).toEqual([expect.stringContaining('fetchpriority="low"')]);

      const preloaded = [...head.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1],
      );
      expect(preloaded, `${path}: the fonts its critical CSS uses are preloaded`).toEqual(fontFaceWoff2(styles[0]!));
      for (const font of preloaded) expect((await request.get(font!)).status(), font).toBe(200);

      const modules = /<div id="root" data-prerendered="[^"]*" data-page-modules="([^"]*)">/.exec(html)?.[1]?.split(' ') ?? [];
      expect(modules.length, `${path}: its chunks, to preload after the first paint`).toBeGreaterThan(0);
    }
  });

  test('the page paints from its HTML alone: no stylesheet and no script but the entry load until a frame has been painted', async ({
    page,
  }) => {
    await holdFrames(page);
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    for (const [path, heading] of [PRERENDERED[0]!, [paths.store, 'Store'] as const]) {
      scripts.length = 0;
      stylesheets.length = 0;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      expect(scripts, `${path}: only the entry before the first paint`).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
      expect(stylesheets, `${path}: no stylesheet before the first paint`).toEqual([]);
      // Laid out by the inlined critical CSS alone: the full stylesheet is still off.
      await expect(page.locator('link[data-deferred-style]')).toHaveAttribute('media', 'print');
      await expect(page.locator('body')).toHaveCSS('margin', '0px');
      await expect(page.getByRole('link', { name: 'Skip to content' })).not.toBeInViewport();

      await releaseFrames(page);
      await appStarted(page);
      expect(scripts.length, `${path}: the app's code after the first paint`).toBeGreaterThan(1);
      expect(stylesheets, `${path}: the stylesheet after the first paint`).toEqual([
        expect.stringMatching(/^\/assets\/style-[\w-]+\.css$/),
      ]);
      await expect(page.locator('link[rel="stylesheet"]:not([media="all"])')).toHaveCount(0);
    }
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px nothing moves when the full stylesheet switches on: the critical CSS holds every rule the page uses`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      // Without the app, the page keeps its critical CSS alone until the test switches the rest on.
      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      for (const [path] of PRERENDERED) {
        await page.goto(path);
        const boxes = () =>
          page.evaluate(async () => {
            await document.fonts.ready;
            return [...document.querySelectorAll('#root *')].map((element) => {
              const { x, y, width, height } = element.getBoundingClientRect();
              return `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ${[x, y, width, height].map(Math.round).join(',')}`;
            });
          });
        const critical = await boxes();
        await page.evaluate(
          () =>
            new Promise<void>((resolve) => {
              const link = document.querySelector<HTMLLinkElement>('link[data-deferred-style]')!;
              link.addEventListener('load', () => {
                link.media = 'all';
                requestAnimationFrame(() => resolve());
              });
              link.disabled = false;
            }),
        );
        const full = await boxes();
        expect(full.filter((box, index) => box !== critical[index]).slice(0, 5), `${path} at ${width} px`).toEqual([]);
      }
    });
  }

  test('a click and a form sent before the app has started are carried out by the app once it has', async ({ page }) => {
    await holdFrames(page);
    const documents = countDocuments(page);
    await page.goto(paths.home);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }).click();
    await page.waitForTimeout(300);
    await expect(page, 'the click is held, not followed by the browser').toHaveURL(paths.home);
    await releaseFrames(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    expect(documents.count, 'the app navigated, in the same document').toBe(1);

    await page.goto(`${paths.signIn}?next=${paths.dashboard}`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(DEMO_CUSTOMER.email);
    await form.getByLabel('Password').fill(DEMO_CUSTOMER.password);
    await form.getByLabel('Password').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url(), 'the browser did not send the form itself').not.toContain('password');
    await releaseFrames(page);
    await expect(page).toHaveURL(paths.dashboard);
  });

  test('a form sent once the app runs but before its page has hydrated is handled by the app, never the browser', async ({ page }) => {
    // The page's own chunk is held back: the site's frame hydrates, the contact form does not yet.
    let releaseChunk = () => {};
    const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
    await page.route(/\/assets\/contact-page-[\w-]+\.js$/, async (route) => {
      await chunkHeld;
      await route.continue();
    });
    await page.goto(paths.contact);
    await appStarted(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search, 'the browser did not send the form itself').toBe('');
    releaseChunk();
    await expect(page.getByLabel('Full name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Full name', { exact: true })).toBeFocused();
    expect(new URL(page.url()).search).toBe('');
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px a plan page paints its plan's picture from the HTML, where the page then shows it`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await holdFrames(page);
      await page.goto(paths.productDetails('websites', 'gold'));
      /** The box of the element of the page that draws the plan's picture. */
      const pictureBox = () =>
        page.evaluate((url) => {
          const element = [...document.querySelectorAll('#main *')].find((candidate) =>
            getComputedStyle(candidate).backgroundImage.includes(url),
          );
          const box = element?.getBoundingClientRect();
          return box && { x: box.x, y: box.y, width: box.width, height: box.height };
        }, planImagePath('gold'));
      // Before the app has started, from the HTML and the inline script alone.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loading the plan…');
      const placeholder = await pictureBox();
      expect(placeholder, 'the pre-rendered page shows the plan picture').toBeTruthy();
      expect(placeholder!.width).toBeGreaterThan(200);
      await releaseFrames(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Gold plan/);
      expect(await pictureBox(), 'the picture does not move').toEqual(placeholder);
    });
  }

  test('hydrating a page that reads its query string moves none of its controls', async ({ page }) => {
    // A control that moves as the page hydrates takes a click already on its way somewhere else:
    // the button is pressed, the mouse comes up beside it, and nothing is sent.
    await holdFrames(page);
    const controlBoxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('#main :is(a, button, input, select, textarea)')].map((control) => {
          const box = control.getBoundingClientRect();
          return `${control.tagName} ${control.getAttribute('name') ?? control.textContent?.trim()} at ${box.x},${box.y}`;
        }),
      );
    // Each page with what it shows once it has read the query.
    for (const [path, readQuery] of [
      [`${paths.signIn}?next=${paths.dashboard}`, 'text=Sign in to continue.'],
      [`${paths.signUp}?next=${paths.dashboard}`, 'a[href*="next="]'],
    ] as const) {
      await page.goto(path);
      const before = await controlBoxes();
      expect(before.length, path).toBeGreaterThan(3);
      await releaseFrames(page);
      await hydrated(page.locator('#main form'));
      await expect(page.locator('#main').locator(readQuery).first()).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await controlBoxes(), path).toEqual(before);
    }
  });

  test('after the first paint the page hydrates and its controls work without a new document', async ({ page }) => {
    const documents = countDocuments(page);
    await page.goto(paths.home);
    await appStarted(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    expect(documents.count, 'a client-side navigation').toBe(1);
  });
});

test.describe('pre-rendered pages', () => {
  test('/ arrives with its main heading and meta description in the HTML, before any script runs', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<h1[^>]*>Software that ships\. Internet from space\.<\/h1>/);
    expect(html).toContain(`<meta name="description" content="${PAGE_SUMMARIES.home}" />`);
    expect(html).toContain(`<link rel="canonical" href="${absolute('/')}" />`);
    // The app's module, fetched at low priority (it waits for the first paint before it loads the
    // app), and the two inline scripts the CSP allows by their hashes: the session hint and the
    // plan page's picture (scripts/hosting-rules.test.ts checks the hashes).
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      '<script>',
      '<script>',
      expect.stringMatching(/^<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-[\w-]+\.js">$/),
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
      expect(
        removed.filter((html) => !html.startsWith('<link')),
        path,
      ).toEqual([]);
    }
  });

  test('a client-side navigation brings the new page’s head along', async ({ page }) => {
    await page.goto(paths.home);
    await appStarted(page);
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
