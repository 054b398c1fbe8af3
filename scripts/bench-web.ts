// The website's performance budget, measured. Run: npm run bench:web [-- --runs N]
//
// 1. Builds the site for the emulators (so the Firebase config exists) into its own folder, never
//    dist/, so it cannot disturb an e2e run, and serves it with `vite preview` on port 4390.
// 2. Loads every route of the site in Debian's Chromium and prints the JS and CSS it downloaded
//    (gzip sizes computed here with zlib, level 6 as hosting uses), whether any of that JS holds
//    Firebase SDK code (from the build manifest and the chunks' source maps: scripts/bundle-graph.ts),
//    the web fonts it loaded and the images, on arrival and after scrolling to the end (file sizes;
//    SVG gzipped, as hosting sends it), on Lighthouse's mobile screen.
//    Signed out and without the emulators: customer routes show what a visitor loads (the session
//    guard sends them to sign-in); a page that logs errors without the emulators is still measured.
// 3. Runs Lighthouse (default mobile emulation, simulated throttling) on the key routes, three times
//    each by default (the run with the median performance score stands), and prints its four scores
//    and FCP, LCP, CLS and TBT, each against the issue's targets.
// It is a measurement: it exits 0 whether targets are met or missed.

import { rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
// chrome-launcher ships with lighthouse and is the launcher its programmatic API is documented with.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, preview } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@leopard/chromium';
import { CASE_STUDY_SLUGS, paths } from '../src/config/paths';
import { firebaseModulesIn, keyOfFile, readManifest, type Manifest } from './bundle-graph';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = join(ROOT, 'node_modules', '.cache', 'bench-web', 'dist');
const PORT = 4390;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM = CHROMIUM_PATH;

const KIB = 1024;
/** The budget's targets (docs/decisions/0101-critical-css-and-hydration-after-first-paint.md). LCP on
 *  `/` is pre-rendered text: one HTML round trip and a paint. */
const TARGETS = {
  homeJsKib: 110,
  performance: 98,
  homePerformance: 100,
  accessibility: 100,
  seo: 100,
  lcpMs: 1500,
  homeLcpMs: 1200,
  cls: 0.02,
  tbtMs: 100,
};
const DEFAULT_RUNS = 3;

/** Every route of the site: each fixed path of paths.ts, each case study, one plan's details. */
function allRoutes(): string[] {
  const fixed = Object.entries(paths)
    .filter(([name, value]) => typeof value === 'string' && name !== 'productDetailsBase')
    .map(([, value]) => value as string);
  return [...fixed, ...CASE_STUDY_SLUGS.map((slug) => paths.caseStudy(slug)), paths.productDetails('websites', 'gold')];
}

const LIGHTHOUSE_ROUTES = [paths.home, paths.store, paths.productDetails('websites', 'gold'), paths.caseStudy('charm'), paths.signUp];

interface RouteBytes {
  route: string;
  landedOn: string;
  /** The page's h1 once loaded, to tell a rendered page from a spinner or an error. */
  heading: string;
  jsGzip: number;
  cssGzip: number;
  jsFiles: number;
  /** Web fonts (woff2 is compressed already: file size). */
  fontBytes: number;
  fontFiles: number;
  /** Images the page loaded on arrival, and in all once scrolled to its end (SVG gzipped). */
  imageBytes: number;
  imageFiles: number;
  scrolledImageBytes: number;
  scrolledImageFiles: number;
  firebase: string[];
  /** Every JS, CSS and font file with its size on the wire, largest first. */
  files: [file: string, gzip: number][];
}

interface LighthouseRow {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  failedA11y: string[];
  failedSeo: string[];
  failedBestPractices: string[];
  /** Diagnostics for the next fix: what shifted, and which element was the LCP. */
  shifted: string[];
  lcpElement: string;
}

const gzipCache = new Map<string, number>();
async function gzipSize(file: string): Promise<number> {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(await readFile(join(OUT_DIR, file)), { level: 6 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const FONT = /\.(woff2?|ttf|otf)$/;
const IMAGE = /\.(svg|png|jpe?g|webp|avif|gif|ico)$/;
/** What a file weighs on the wire: gzip for text formats (hosting compresses them), else its size. */
async function wireSize(file: string): Promise<number> {
  if (/\.(js|css|svg)$/.test(file)) return gzipSize(file);
  return (await stat(join(OUT_DIR, file))).size;
}
const sum = async (list: readonly string[]) => (await Promise.all(list.map(wireSize))).reduce((a, b) => a + b, 0);

/** Scrolls to the end of the page a viewport at a time, so that lazy images come into view. */
async function scrollToEnd(page: Page): Promise<void> {
  for (let step = 0; step < 40; step += 1) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(100);
    if (atEnd) break;
  }
  await page.waitForLoadState('networkidle');
}

async function measureBytes(manifest: Manifest, routes: string[]): Promise<RouteBytes[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows: RouteBytes[] = [];
  try {
    for (const route of routes) {
      // A fresh context per route: nothing cached, nothing signed in. Lighthouse's mobile screen
      // (Moto G Power: 412 × 823 CSS px at 1.75×), so the images counted are the ones it loads.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const loaded = new Set<string>();
      const record = (url: string) => {
        const { origin, pathname } = new URL(url);
        if (origin === ORIGIN && (/\.(js|css)$/.test(pathname) || FONT.test(pathname) || IMAGE.test(pathname))) {
          loaded.add(decodeURIComponent(pathname.slice(1)));
        }
      };
      page.on('response', (response) => record(response.url()));
      await page.goto(ORIGIN + route, { waitUntil: 'networkidle' });
      // Lazy chunks a page asks for after its first render (carousels, typing text) count too.
      await page.waitForTimeout(1000);
      await page.waitForLoadState('networkidle');
      // The page's own resource timing too: a response event can go missing on a busy machine.
      const timed = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      (await timed()).forEach(record);
      // What the page loads on arrival (the budget), then the images that scrolling brings in.
      const files = [...loaded];
      const js = files.filter((file) => file.endsWith('.js'));
      const css = files.filter((file) => file.endsWith('.css'));
      const fonts = files.filter((file) => FONT.test(file));
      const images = files.filter((file) => IMAGE.test(file));
      const { pathname, search } = new URL(page.url());
      await scrollToEnd(page);
      (await timed()).forEach(record);
      const scrolledImages = [...loaded].filter((file) => IMAGE.test(file));
      const keys = js.map((file) => keyOfFile(manifest, file)).filter((key): key is string => key !== undefined);
      const h1 = page.locator('h1').first();
      rows.push({
        route,
        landedOn: pathname + search,
        heading: (await h1.count()) > 0 ? ((await h1.textContent()) ?? '').trim() : '(no h1)',
        jsGzip: await sum(js),
        cssGzip: await sum(css),
        jsFiles: js.length,
        fontBytes: await sum(fonts),
        fontFiles: fonts.length,
        imageBytes: await sum(images),
        imageFiles: images.length,
        scrolledImageBytes: await sum(scrolledImages),
        scrolledImageFiles: scrolledImages.length,
        firebase: [...new Set(firebaseModulesIn(OUT_DIR, manifest, keys).map(packageOf))],
        files: (await Promise.all(js.concat(css, fonts).map(async (file) => [file, await wireSize(file)] as [string, number]))).sort(
          (a, b) => b[1] - a[1],
        ),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** `node_modules/@firebase/auth/dist/…` → `@firebase/auth`. */
function packageOf(module: string): string {
  const parts = module.replace(/^node_modules\//, '').split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

async function runLighthouse(route: string): Promise<LighthouseRow> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
  });
  try {
    const result = await lighthouse(ORIGIN + route, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${route}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const failed = (category: string) =>
      (categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
    return {
      route,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      cls: metric('cumulative-layout-shift'),
      tbtMs: metric('total-blocking-time'),
      failedA11y: failed('accessibility'),
      failedSeo: failed('seo'),
      failedBestPractices: failed('best-practices'),
      shifted: nodesIn(audits['layout-shifts']?.details).slice(0, 3),
      lcpElement: nodesIn(audits['largest-contentful-paint-element']?.details)[0] ?? '?',
    };
  } finally {
    chrome.kill();
  }
}

/** The elements an audit's details name (`node` items), as `label (selector)`, most important first. */
function nodesIn(details: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.type === 'node' && typeof record.selector === 'string') {
        found.push(
          `${String(record.nodeLabel ?? '')
            .replace(/\s+/g, ' ')
            .slice(0, 40)} (${record.selector})`,
        );
      } else Object.values(record).forEach(visit);
    }
  };
  visit(details);
  return found;
}

/** With --runs N, the run with the median performance score stands for the route. */
async function lighthouseMedian(route: string, runs: number): Promise<LighthouseRow> {
  const results: LighthouseRow[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await runLighthouse(route));
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)]!;
}

const kib = (bytes: number) => (bytes / KIB).toFixed(1);
const mark = (met: boolean) => (met ? 'met' : '**missed**');

function printBytes(rows: RouteBytes[]): void {
  console.log(
    '\n### What each route loads (gzip for JS, CSS and SVG, computed by this script with zlib level 6; fonts and raster images as files)\n',
  );
  console.log(
    '| route | lands on | h1 | JS gzip KiB | JS files | CSS gzip KiB | font KiB (files) | image KiB on arrival (files) | image KiB scrolled to end (files) | Firebase code | target |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---|---|');
  for (const row of rows) {
    const landed = row.landedOn === row.route ? '' : row.landedOn;
    let target = '';
    if (row.route === paths.home) {
      target = `≤ ${TARGETS.homeJsKib} KiB JS, no Firebase: ${mark(row.jsGzip <= TARGETS.homeJsKib * KIB && row.firebase.length === 0)}`;
    }
    const firebase = row.firebase.length > 0 ? `yes (${row.firebase.join(', ')})` : 'no';
    console.log(
      `| \`${row.route}\` | ${landed} | ${row.heading} | ${kib(row.jsGzip)} | ${row.jsFiles} | ${kib(row.cssGzip)} | ` +
        `${kib(row.fontBytes)} (${row.fontFiles}) | ${kib(row.imageBytes)} (${row.imageFiles}) | ` +
        `${kib(row.scrolledImageBytes)} (${row.scrolledImageFiles}) | ${firebase} | ${target} |`,
    );
  }
  const home = rows.find((row) => row.route === paths.home);
  if (home) {
    console.log(
      `\nWhat \`/\` loads (KiB on the wire): ${home.files.map(([file, size]) => `${file.replace('assets/', '')} ${kib(size)}`).join(', ')}`,
    );
  }
}

/** Each target of the issue for one Lighthouse row, met or missed. */
function targetsOf(row: LighthouseRow): { label: string; met: boolean }[] {
  const home = row.route === paths.home;
  const performance = home ? TARGETS.homePerformance : TARGETS.performance;
  const lcpMs = home ? TARGETS.homeLcpMs : TARGETS.lcpMs;
  return [
    { label: `perf ≥ ${performance}`, met: row.performance >= performance },
    {
      label: `a11y ${TARGETS.accessibility}${row.failedA11y.length > 0 ? ` (${row.failedA11y.join(', ')})` : ''}`,
      met: row.accessibility >= TARGETS.accessibility,
    },
    { label: `SEO ${TARGETS.seo}${row.failedSeo.length > 0 ? ` (${row.failedSeo.join(', ')})` : ''}`, met: row.seo >= TARGETS.seo },
    { label: `LCP ≤ ${(lcpMs / 1000).toFixed(1)} s`, met: row.lcpMs <= lcpMs },
    { label: `CLS ≤ ${TARGETS.cls}`, met: row.cls <= TARGETS.cls },
    { label: `TBT ≤ ${TARGETS.tbtMs} ms`, met: row.tbtMs <= TARGETS.tbtMs },
  ];
}

function printLighthouse(rows: LighthouseRow[], runs: number): void {
  const how = runs > 1 ? `median of ${runs} runs by performance` : 'one run';
  console.log(`\n### Lighthouse (mobile emulation, simulated throttling; ${how})\n`);
  console.log('| route | performance | accessibility | best practices | SEO | FCP | LCP | CLS | TBT | targets |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) {
    const targets = targetsOf(row);
    const missed = targets.filter((target) => !target.met).map((target) => target.label);
    const verdict = missed.length === 0 ? `all ${targets.length} met` : `**missed**: ${missed.join('; ')}`;
    console.log(
      `| \`${row.route}\` | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ` +
        `${(row.fcpMs / 1000).toFixed(2)} s | ${(row.lcpMs / 1000).toFixed(2)} s | ${row.cls.toFixed(3)} | ${Math.round(row.tbtMs)} ms | ${verdict} |`,
    );
  }
  console.log('\nEach target (from the same runs):\n');
  for (const row of rows) {
    console.log(
      `- \`${row.route}\`: ${targetsOf(row)
        .map((target) => `${target.label} ${mark(target.met)}`)
        .join(', ')}`,
    );
  }
  console.log('\nDiagnostics (from the same runs):\n');
  for (const row of rows) {
    const shifts = row.shifted.length > 0 ? `; shifted: ${row.shifted.join(' · ')}` : '';
    const practices = row.failedBestPractices.length > 0 ? `; best practices failed: ${row.failedBestPractices.join(', ')}` : '';
    console.log(`- \`${row.route}\`: LCP element ${row.lcpElement}${shifts}${practices}`);
  }
  console.log(
    `\nTargets: \`/\` ≤ ${TARGETS.homeJsKib} KiB gzip JS and no Firebase; on every Lighthouse route performance ≥ ${TARGETS.performance} ` +
      `(${TARGETS.homePerformance} on \`/\`), accessibility ${TARGETS.accessibility}, SEO ${TARGETS.seo}, LCP ≤ ${TARGETS.lcpMs / 1000} s ` +
      `(${TARGETS.homeLcpMs / 1000} s on \`/\`), CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbtMs} ms. ` +
      "Served by `vite preview` with firebase.json's headers (gzip on the wire); signed out, emulators not needed.",
  );
}

function parseRuns(argv: string[]): number {
  const at = argv.indexOf('--runs');
  const runs = at >= 0 ? Number(argv[at + 1]) : DEFAULT_RUNS;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
  return runs;
}

async function main(): Promise<void> {
  const runs = parseRuns(process.argv.slice(2));
  rmSync(OUT_DIR, { recursive: true, force: true });
  console.log(`Building into ${OUT_DIR} …`);
  await build({ root: ROOT, mode: 'emulators', logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
  const manifest = readManifest(OUT_DIR);

  const server = await preview({
    root: ROOT,
    mode: 'emulators',
    logLevel: 'warn',
    build: { outDir: OUT_DIR },
    preview: { host: '127.0.0.1', port: PORT, strictPort: true, open: false },
  });
  try {
    console.log(`Serving on ${ORIGIN}; measuring ${allRoutes().length} routes …`);
    printBytes(await measureBytes(manifest, allRoutes()));
    const lighthouseRows: LighthouseRow[] = [];
    for (const route of LIGHTHOUSE_ROUTES) {
      console.log(`Lighthouse ${route} …`);
      lighthouseRows.push(await lighthouseMedian(route, runs));
    }
    printLighthouse(lighthouseRows, runs);
  } finally {
    await server.close();
  }
}

await main();
