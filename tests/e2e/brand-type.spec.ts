/** The brand typeface and the icons (docs/decisions/0093-brand-typeface-manrope.md): Manrope renders headings and body text, only its
 *  latin file is downloaded, the metric-matched fallback takes the same room so the swap moves
 *  nothing, and the customer area's icons are SVGs instead of Unicode symbols. */
import type { Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '../../emulators/seed';
import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures.testing';
import { openSignedIn } from './stored-session.testing';

const FONT_FILE = /\/assets\/manrope-latin-wght-normal-[\w-]+\.woff2$/;
const FONT_REQUEST = /\.(woff2?|ttf|otf)(\?|$)/;
const GLYPH_ICONS = ['◆', '☎', '⇄', '◉', '⌘', '▭', '⌂'];

/** The font files the page asks for, from the moment this is called. */
function recordFontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (FONT_REQUEST.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

/** The family of the font Chromium actually drew most of the element's glyphs with (DevTools'
 *  "Rendered fonts"), which a computed font-family list cannot tell. */
async function renderedFont(page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return [...fonts].sort((a, b) => b.glyphCount - a.glyphCount)[0]!;
  } finally {
    await cdp.detach();
  }
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of [paths.home, paths.store]) {
      test(`${path} sets headings and body text in Manrope, from the latin file alone`, async ({ page }) => {
        const fonts = recordFontRequests(page);
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();

        const loaded = await page.evaluate(async () => {
          await document.fonts.ready;
          return {
            check: document.fonts.check('16px "Manrope Variable"'),
            // One face per stylesheet that declares it (the inlined critical CSS and the full sheet).
            faces: [
              ...new Set(
                [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Manrope Variable').map((face) => face.status),
              ),
            ],
          };
        });
        expect(loaded).toEqual({ check: true, faces: ['loaded'] });

        for (const selector of ['h1', 'main p', 'main h2', 'header a']) {
          const family = await page
            .locator(selector)
            .first()
            .evaluate((element) => getComputedStyle(element).fontFamily);
          expect(family, selector).toMatch(/^"?Manrope Variable"?, "?Manrope Fallback"?,/);
        }
        for (const selector of ['h1', 'main p']) {
          expect(await renderedFont(page, selector), selector).toMatchObject({
            familyName: expect.stringMatching(/^Manrope/),
            isCustomFont: true,
          });
        }

        await page.waitForLoadState('networkidle');
        expect(fonts.length, fonts.join(', ')).toBeGreaterThan(0);
        for (const url of fonts) expect(url).toMatch(FONT_FILE);
      });
    }

    test('/ keeps its layout when Manrope replaces the fallback', async ({ page }) => {
      // Hold the font back so the page first lays out in the fallback, then let it through.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(FONT_FILE, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(paths.home, { waitUntil: 'commit' });
      await expect(page.locator('h1')).toBeVisible();
      await page.waitForTimeout(300);

      const boxes = () =>
        page.evaluate(() => {
          const shown = [...document.querySelectorAll('main h1, main h2, main p')].filter(
            (element) => element.getBoundingClientRect().top < innerHeight,
          );
          return {
            renderedWith: getComputedStyle(document.querySelector('h1')!).fontFamily,
            manropeLoaded: [...document.fonts].some(
              (face) => face.family.replace(/"/g, '') === 'Manrope Variable' && face.status === 'loaded',
            ),
            boxes: shown.map((element) => {
              const { top, height } = element.getBoundingClientRect();
              return { text: element.textContent!.slice(0, 30), top: Math.round(top + scrollY), height: Math.round(height) };
            }),
          };
        });
      const before = await boxes();
      expect(before.manropeLoaded).toBe(false);
      // The fallback is really Arial (or its metric twin here), not the system font after it.
      const fallbackFaces = await page.evaluate(async () => {
        await Promise.all([document.fonts.load('400 16px "Manrope Fallback"'), document.fonts.load('700 16px "Manrope Fallback"')]);
        const faces = [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Manrope Fallback');
        return { count: faces.length, statuses: [...new Set(faces.map((face) => face.status))] };
      });
      expect(fallbackFaces.count).toBeGreaterThanOrEqual(2);
      expect(fallbackFaces.statuses).toEqual(['loaded']);

      await page.evaluate(() => {
        (window as unknown as { shifts: number[] }).shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift' });
      });
      release();
      await page.evaluate(async () => {
        await document.fonts.load('400 16px "Manrope Variable"');
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      const after = await boxes();
      expect(after.manropeLoaded).toBe(true);

      // The swap's layout shift, as the browser scores it (CLS target: 0.02), and every heading and
      // paragraph on the first screen at the same place and height to within a few pixels.
      const shift = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
      expect(shift).toBeLessThanOrEqual(0.02);
      expect(after.boxes.map((box) => box.text)).toEqual(before.boxes.map((box) => box.text));
      after.boxes.forEach((box, index) => {
        expect(Math.abs(box.top - before.boxes[index]!.top), box.text).toBeLessThanOrEqual(4);
        expect(Math.abs(box.height - before.boxes[index]!.height), box.text).toBeLessThanOrEqual(4);
      });
    });
  });
}

test('the phone header’s Menu button is named by its words, its icon an SVG hidden from screen readers', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(paths.home);
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(toggle.locator('svg[aria-hidden="true"]')).toHaveCount(1);
  // The pre-rendered button does nothing until the page has hydrated.
  await page.waitForLoadState('networkidle');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' }).locator('svg[aria-hidden="true"]')).toHaveCount(1);
});

test('the dashboard, Dev Panel and Payment methods draw SVG icons, no Unicode symbols', async ({ page }) => {
  await openSignedIn(page, DEMO_CUSTOMER, paths.dashboard);
  await expect(page).toHaveURL(paths.dashboard);
  await expect(page.getByRole('button', { name: 'Account' }).locator('svg[aria-hidden="true"]')).toHaveCount(1);
  for (const [path, heading, cards] of [
    [paths.dashboard, 'Reserve a Specialist', 3],
    [paths.devPanel, 'Live View', 2],
    [paths.paymentMethods, 'Add card', 2],
  ] as const) {
    if (new URL(page.url()).pathname !== path) await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    const grid = main.getByRole('region').filter({ has: page.getByRole('heading', { level: 2, name: heading }) });
    await expect(grid.getByRole('article')).toHaveCount(cards);
    await expect(grid.locator('article svg[aria-hidden="true"]')).toHaveCount(cards);
    const text = await main.innerText();
    for (const glyph of GLYPH_ICONS) expect(text, `${path} shows ${glyph}`).not.toContain(glyph);
  }
});
