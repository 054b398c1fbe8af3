/** Art direction (docs/decisions/0096-art-direction.md): every picture on the pages that show our art is sized, lazy below the
 *  fold, inside the viewport and in a modern format; the home page varies its section layouts and
 *  its hero art never becomes the largest contentful paint or shifts the layout. */
import type { Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures.testing';

const VIEWPORTS = [
  { width: 375, height: 800 },
  { width: 1280, height: 800 },
];

/** Where an image comes from must name a modern format: SVG, WebP or AVIF (a data URI included). */
const MODERN = /(\.(svg|webp|avif)(\?.*)?$)|^data:image\/(svg\+xml|webp|avif)[;,]/;

interface ImageFacts {
  src: string;
  srcset: string[];
  width: string | null;
  height: string | null;
  loading: string | null;
  decoding: string | null;
  top: number;
  left: number;
  right: number;
  shown: boolean;
}

/** The facts of every <img> in the page's main content, measured where the page is now. */
function imagesOf(page: Page): Promise<ImageFacts[]> {
  return page.getByRole('main').evaluate((main) =>
    [...main.querySelectorAll('img')].map((img) => {
      const box = img.getBoundingClientRect();
      // Slides a carousel is not showing are inert and clipped by it; so is anything hidden.
      const shown = img.checkVisibility() && !img.closest('[inert], [aria-hidden="true"]');
      return {
        src: img.getAttribute('src') ?? '',
        srcset: (img.getAttribute('srcset') ?? '')
          .split(',')
          .map((candidate) => candidate.trim().split(/\s+/)[0]!)
          .filter(Boolean),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        decoding: img.getAttribute('decoding'),
        top: box.top,
        left: box.left,
        right: box.right,
        shown,
      };
    }),
  );
}

/** Checks the images of the page as it is now (freshly loaded: nothing scrolled yet). */
async function expectWellBehavedImages(page: Page, where: string) {
  const viewport = page.viewportSize()!;
  const clientWidth = await page.evaluate(() => document.documentElement.clientWidth);
  const images = await imagesOf(page);
  expect(images.length, `${where} shows pictures`).toBeGreaterThan(0);
  for (const image of images) {
    const name = `${where}: ${image.src.slice(0, 80)}`;
    expect(image.width, `${name} has a width`).toMatch(/^\d+$/);
    expect(image.height, `${name} has a height`).toMatch(/^\d+$/);
    for (const file of [image.src, ...image.srcset]) expect(file, `${name} is SVG, WebP or AVIF`).toMatch(MODERN);
    if (image.top >= viewport.height) {
      expect(image.loading, `${name} is below the fold, so lazy`).toBe('lazy');
      expect(image.decoding, `${name} decodes off the main thread`).toBe('async');
    }
    if (image.shown) {
      expect(image.left, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(-0.5);
      expect(image.right, `${name} ends inside the viewport`).toBeLessThanOrEqual(clientWidth + 0.5);
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} does not scroll sideways`).toBeLessThanOrEqual(
    clientWidth,
  );
}

/** Collects the content type of every image the page fetches. */
function imageTypes(page: Page): string[] {
  const types: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image') types.push(`${response.headers()['content-type']} ${response.url()}`);
  });
  return types;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of [paths.home, paths.caseStudies, paths.caseStudy('charm')]) {
      test(`${path}: every picture is sized, lazy below the fold, in the viewport and SVG/WebP/AVIF`, async ({ page }) => {
        const types = imageTypes(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectWellBehavedImages(page, path);
        // Whatever did load (the header's logo included) is one of the modern formats.
        await page.waitForLoadState('networkidle');
        for (const type of types) expect(type).toMatch(/^image\/(svg\+xml|webp|avif)\b/);
      });
    }

    test('the plan gallery: product mock-ups, sized, lazy past the first slide, SVG', async ({ page }) => {
      const types = imageTypes(page);
      await page.goto(paths.productDetails('websites', 'gold'));
      await page.getByRole('button', { name: 'View Gallery' }).click();
      const gallery = page.getByRole('region', { name: 'Gold plan gallery' });
      await expect(gallery.getByRole('img', { name: /The Gold team: 9 engineers/ })).toBeVisible();
      await expectWellBehavedImages(page, 'the gallery');

      const slides = await gallery
        .locator('img')
        .evaluateAll((imgs) =>
          imgs.filter((img) => !img.closest('.slick-cloned')).map((img) => [img.getAttribute('src'), img.getAttribute('loading')]),
        );
      expect(slides).toEqual([
        ['/images/store/gold-team.svg', 'eager'],
        ['/images/store/gold-board.svg', 'lazy'],
        ['/images/store/gold-launch.svg', 'lazy'],
      ]);
      await page.waitForLoadState('networkidle');
      for (const type of types) expect(type).toMatch(/^image\/(svg\+xml|webp|avif)\b/);
    });

    test('the home hero art: inline, sized by its viewBox, never the largest paint, no layout shift', async ({ page }) => {
      await page.addInitScript(() => {
        const seen = { lcp: '', shift: 0 };
        (window as unknown as { artMetrics: typeof seen }).artMetrics = seen;
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          seen.lcp = last.element ? `${last.element.tagName} ${last.element.closest('header, section')?.tagName ?? ''}` : '';
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) seen.shift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(paths.home);
      await page.waitForLoadState('networkidle');

      const hero = page.getByRole('main').locator('header').first();
      const art = hero.locator('svg[viewBox]').first();
      await expect(art).toBeAttached();
      await expect(art).toHaveAttribute('width', /^\d+$/);
      await expect(art).toHaveAttribute('height', /^\d+$/);
      expect(await hero.locator('img').count(), 'no image in the hero: nothing to wait for').toBe(0);
      if (viewport.width > 768) await expect(art).toBeVisible();
      else await expect(art).toBeHidden();

      const metrics = await page.evaluate(() => (window as unknown as { artMetrics: { lcp: string; shift: number } }).artMetrics);
      // Text in the pre-rendered intro (the heading, or on a phone possibly its summary), never art.
      expect(metrics.lcp).toMatch(/^(H1|P) HEADER$/);
      expect(metrics.shift).toBeLessThanOrEqual(0.02);
    });
  });
}

test.describe('home page layouts', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the bands are not all one card grid: at least seven layouts, none used more than twice', async ({ page }) => {
    await page.goto(paths.home);
    const layouts = await page
      .locator('main > [data-layout]')
      .evaluateAll((bands) => bands.map((band) => band.getAttribute('data-layout')!));
    // Every band of the page says what it is…
    expect(layouts.length).toBe(await page.locator('main > header, main > section').count());
    const counts = new Map<string, number>();
    for (const layout of layouts) counts.set(layout, (counts.get(layout) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(7);
    for (const [layout, count] of counts) expect(count, layout).toBeLessThanOrEqual(2);
    expect(counts.get('card-grid') ?? 0).toBeLessThanOrEqual(1);
  });

  test('…and the layouts really differ in shape', async ({ page }) => {
    await page.goto(paths.home);
    const main = page.getByRole('main');

    // Stats band: all five figures on one row.
    const figures = main.locator('[data-layout="stats-band"] li');
    await expect(figures).toHaveCount(5);
    const tops = await figures.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);

    // Timeline: six steps side by side on one line.
    const steps = main.locator('[data-layout="timeline"] ol > li');
    await expect(steps).toHaveCount(6);
    const stepTops = await steps.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(stepTops).size).toBe(1);

    // Split: the stack's art sits beside its bars, not under them.
    const split = main.locator('[data-layout="split"]').filter({ has: page.getByRole('progressbar') });
    const bars = await split.getByRole('progressbar').first().boundingBox();
    const art = await split.locator('img').boundingBox();
    expect(art!.x).toBeGreaterThan(bars!.x + bars!.width);

    // Feature list: the services' heading column beside the list.
    const features = main.locator('[data-layout="feature-list"]');
    const heading = await features.getByRole('heading', { level: 2 }).boundingBox();
    const firstService = await features.getByRole('heading', { level: 3 }).first().boundingBox();
    expect(firstService!.x).toBeGreaterThan(heading!.x + heading!.width);

    // Media rows alternate the side the art is on.
    const rows = main.locator('[data-layout="media-row"]');
    await expect(rows).toHaveCount(2);
    const sides = await rows.evaluateAll((sections) =>
      sections.map((section) => {
        const art = section.querySelector('img')!.getBoundingClientRect();
        const title = section.querySelector('h2')!.getBoundingClientRect();
        return art.left > title.left ? 'art right' : 'art left';
      }),
    );
    expect(sides).toEqual(['art right', 'art left']);
  });
});
