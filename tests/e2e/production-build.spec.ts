/**
 * A production build from a complete sample configuration (as `npm run deploy:build` makes it from
 * .env.production): it holds no local address, demo key or emulator flag and links no source map
 * (scripts/deploy-checks.ts, docs/decisions/0123-deploy-path-and-build-folders.md), and it starts
 * App Check with reCAPTCHA Enterprise when a page loads Firebase; the suite's emulators build does
 * not (docs/decisions/0124-app-check.md). Its settings are in a `.env.local` with an App Check
 * debug token beside them, which the build must leave out. Offline, so reCAPTCHA's script is
 * answered here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { build, preview, type PreviewServer } from 'vite';
import { readBuild } from '../../scripts/deploy-check';
import { checkBuild } from '../../scripts/deploy-checks';
import { paths } from '../../src/config/paths';

const SAMPLE = {
  VITE_FIREBASE_API_KEY: 'AIzaSyD-sample-key-0123456789abcdefghij',
  VITE_FIREBASE_AUTH_DOMAIN: 'leopard-prod-sample.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'leopard-prod-sample',
  VITE_FIREBASE_DATABASE_URL: 'https://leopard-prod-sample-default-rtdb.firebaseio.com',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:0123456789abcdef',
  VITE_SITE_URL: 'https://leopard.software',
  VITE_APP_CHECK_SITE_KEY: '6Lc-sample-recaptcha-enterprise-key',
};
/** A debug token a developer keeps in `.env.local`: Vite reads that file for every mode. */
const DEBUG_TOKEN = '0b4f5e1c-app-check-debug-token-of-a-developer';
const RECAPTCHA = /^https:\/\/www\.google\.com\/recaptcha\/enterprise\.js/;

/** reCAPTCHA Enterprise as far as App Check uses it: the widget it renders keeps the site key. */
const RECAPTCHA_STAND_IN = `window.grecaptcha = { enterprise: {
  ready: (callback) => callback(),
  render: (_element, options) => { window.renderedSiteKey = options.sitekey; return 'widget'; },
  execute: () => Promise.resolve('recaptcha-token'),
} };`;

/** Every request the page makes to reCAPTCHA or App Check; reCAPTCHA's script is the stand-in
 *  above (the machine is offline), App Check's exchange answers 503. */
async function watchAppCheck(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route(
    /^https:\/\/(www\.google\.com\/recaptcha|www\.gstatic\.com\/recaptcha|content-firebaseappcheck\.googleapis\.com)\//,
    (route) => {
      const url = route.request().url();
      requests.push(url);
      return RECAPTCHA.test(url)
        ? route.fulfill({ status: 200, contentType: 'text/javascript', body: RECAPTCHA_STAND_IN })
        : route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    },
  );
  return requests;
}

test.describe('the production build', () => {
  test.describe.configure({ mode: 'serial' });
  let folder: string;
  let envFolder: string;
  let server: PreviewServer | undefined;
  let origin: string;

  test.beforeAll(async () => {
    // A whole production build: a hook's time is its own, not the tests' (30 s by default), and
    // beside three other workers' browsers the build took longer than that.
    test.setTimeout(240_000);
    folder = mkdtempSync(join(tmpdir(), 'leopard-production-build-'));
    envFolder = mkdtempSync(join(tmpdir(), 'leopard-production-env-'));
    // The settings come from this folder's `.env.local` (none of the checkout's .env files is read),
    // as a deployer's and a developer's settings would. A failed build rejects.
    writeFileSync(
      join(envFolder, '.env.local'),
      Object.entries({ ...SAMPLE, VITE_APP_CHECK_DEBUG_TOKEN: DEBUG_TOKEN })
        .map(([key, value]) => `${key}=${value}\n`)
        .join(''),
    );
    await build({ mode: 'production', envDir: envFolder, logLevel: 'warn', build: { outDir: folder, emptyOutDir: true } });
    // In this process, on a port the system picks as it listens: a free port found first and handed
    // to a `vite preview` child could be taken in between on a busy machine (four workers once).
    server = await preview({
      mode: 'production',
      logLevel: 'error',
      build: { outDir: folder },
      preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
    });
    origin = new URL(server.resolvedUrls!.local[0]!).origin;
    expect((await fetch(`${origin}/`)).ok).toBe(true);
  });

  test.afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(envFolder, { recursive: true, force: true });
  });

  test('holds no local or stand-in address, demo key or emulator flag, and links no source map', () => {
    const files = readBuild(folder);
    expect(files?.some((file) => file.path.endsWith('.js.map'))).toBe(true);
    expect(checkBuild(files, SAMPLE, 'build')).toEqual([]);
  });

  test('carries no App Check debug token, though .env.local holds one, in any file, source maps included', () => {
    const files = readBuild(folder)!;
    expect(files.some((file) => file.text.includes(SAMPLE.VITE_FIREBASE_API_KEY))).toBe(true);
    expect(files.filter((file) => readFileSync(join(folder, file.path), 'latin1').includes(DEBUG_TOKEN)).map((file) => file.path)).toEqual(
      [],
    );
  });

  test('starts App Check with reCAPTCHA Enterprise and the site key when a page loads Firebase, under the served policy', async ({
    page,
  }) => {
    const requests = await watchAppCheck(page);
    const violations: string[] = [];
    page.on('console', (message) => message.text().includes('Content Security Policy') && violations.push(message.text()));
    await page.goto(`${origin}${paths.dashboard}`);
    await expect.poll(() => requests.some((url) => RECAPTCHA.test(url))).toBe(true);
    await expect
      .poll(() => page.evaluate(() => (window as { renderedSiteKey?: string }).renderedSiteKey))
      .toBe(SAMPLE.VITE_APP_CHECK_SITE_KEY);
    expect(violations.filter((text) => /recaptcha|firebaseappcheck/.test(text))).toEqual([]);
  });

  test('the landing page loads neither App Check nor reCAPTCHA', async ({ page }) => {
    const requests = await watchAppCheck(page);
    await page.goto(`${origin}${paths.home}`);
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
  });
});

test('the emulators build does not start App Check, also where it loads Firebase', async ({ page }) => {
  const requests = await watchAppCheck(page);
  await page.goto(paths.dashboard);
  // Auth has answered: nobody is signed in, so the page sends the visitor to sign in.
  await expect(page).toHaveURL(new RegExp(`${paths.signIn}`));
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
});
