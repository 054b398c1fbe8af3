/**
 * The headers firebase.json gives Hosting, as `vite preview` serves them (scripts/hosting-preview.ts),
 * and the interactions that load more (alerts, the trailer video, the Learn More popup, a mailed
 * form) with a listener for Content-Security-Policy violations: the policy must allow everything
 * the site does. Every route as it opens, signed out and signed in, is checked by every-page.spec.ts.
 */
import { createHash } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { HOST, PORTS } from '../../emulators/local-config';
import { RUNTIME_STYLE_HASHES } from '../../scripts/page-policy';
import { paths } from '../../src/config/paths';
import { expect, test } from './fixtures.testing';
import { clickHydrated } from './hydration.testing';
import { clearSubmissionLimits } from './submission-limits.testing';
import { expectNoCspViolations, watchCspViolations } from './page-checks.testing';
import { NOT_FOUND_ROUTE, PUBLIC_ROUTES } from './route-list.testing';

function expectSecurityHeaders(response: APIResponse): string {
  const headers = response.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  // reCAPTCHA's scripts and frames, for App Check, and nothing else from elsewhere (docs/decisions/0124-app-check.md).
  expect(policy).toMatch(
    /script-src 'self'( 'sha256-[\w+/=]+')* https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/;/,
  );
  expect(policy).toContain('frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;');
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'self'");
  expect(policy).not.toMatch(/(^|\s)\*(\s|;|$)/);
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['permissions-policy']).toContain('fullscreen=(self)');
  return policy;
}

test.describe('served headers', () => {
  for (const [path, what] of [
    [paths.home, 'the pre-rendered home page'],
    [paths.caseStudy('charm'), 'a pre-rendered public page (clean URL)'],
    [paths.dashboard, 'a customer page (the app shell)'],
  ] as const) {
    test(`${what}: ${path} is HTML with the security headers and no-cache`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      expect(await response.text()).toContain('<div id="root"');
      expectSecurityHeaders(response);
      expect(response.headers()['cache-control']).toBe('no-cache');
    });
  }

  test('the emulators build lets the page reach the local stack, and only that', async ({ request }) => {
    const policy = expectSecurityHeaders(await request.get(paths.home));
    const connect = policy.split(';').find((directive) => directive.trim().startsWith('connect-src')) ?? '';
    expect(connect).toContain(`ws://${HOST}:${PORTS.database}`);
    // No mail service: the browser never calls EmailJS (docs/decisions/0111-submissions-through-the-server.md).
    expect(connect).not.toContain('emailjs');
    expect(connect).not.toContain(`:${PORTS.emailjs}`);
    expect(policy.replace(connect, '')).not.toContain('127.0.0.1');
  });

  test("every page's own policy allows exactly its inline styles and the libraries' stylesheets, by hash", async ({ request }) => {
    // The header leaves inline styles to the page (scripts/page-policy.ts): both policies apply.
    const header = expectSecurityHeaders(await request.get(paths.home));
    expect(header).toContain("style-src-elem 'self' 'unsafe-inline';");
    for (const path of [...PUBLIC_ROUTES.map(([route]) => route), paths.store, paths.dashboard, NOT_FOUND_ROUTE[0]]) {
      const html = await (await request.get(path)).text();
      const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)" \/>/g)].map((match) => match[1]);
      expect(metas, `${path}: one policy <meta>`).toHaveLength(1);
      expect(html.indexOf('<meta http-equiv="Content-Security-Policy"'), `${path}: before any <style>`).toBeLessThan(
        html.includes('<style') ? html.indexOf('<style') : Infinity,
      );
      const hashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
        (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
      );
      expect(metas[0], path).toBe(["style-src-elem 'self'", ...hashes, ...RUNTIME_STYLE_HASHES].join(' '));
    }
  });

  test('a hashed asset is cached for a year, immutable, with the same security headers', async ({ request }) => {
    const html = await (await request.get(paths.home)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset, 'the home page loads a hashed script').toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(response);
  });

  test('an .html address and a trailing slash redirect to the clean URL, as Hosting does', async ({ request }) => {
    const html = await request.get('/store.html?service=websites', { maxRedirects: 0 });
    expect(html.status()).toBe(301);
    expect(html.headers()['location']).toBe('/store?service=websites');
    const slash = await request.get('/store/', { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(slash.headers()['location']).toBe('/store');
  });
});

test.describe('no CSP violation, signed out', () => {
  test.beforeEach(({ page }) => watchCspViolations(page));

  test('while the trailer video plays and goes full screen', async ({ page }) => {
    await page.goto(paths.spaceTrailer);
    const video = page.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    await video.evaluate((element: HTMLVideoElement) => element.requestFullscreen());
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName)).toBe('VIDEO');
    await page.evaluate(() => document.exitFullscreen());
    await expectNoCspViolations(page);
  });

  test('with the store Learn More popup open', async ({ page }) => {
    await page.goto(paths.store);
    await clickHydrated(page.getByRole('link', { name: 'Purchase Now Wearable Apps' }));
    await page.getByRole('button', { name: 'Learn More about Bronze' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoCspViolations(page);
  });

  test('sending the contact form: stored and mailed by the function, thanked in an alert', async ({ page }) => {
    await clearSubmissionLimits();
    await page.goto(paths.contact);
    await page.getByLabel('Full name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('Email', { exact: true }).fill(`csp-${Date.now()}@example.com`);
    await page.getByLabel('Phone number', { exact: true }).fill('6195550105');
    await page.getByLabel('City', { exact: true }).fill('Arlington');
    await page.getByLabel('Message', { exact: true }).fill('Checking the policy.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Thank you for your submission');
    // sweetalert2 injected its stylesheet: the dialog is laid out as a centred popup.
    await expect(page.locator('.swal2-popup')).toHaveCSS('display', 'grid');
    await expectNoCspViolations(page);
  });

  test('while typed.js types on the socials page (it injects its cursor stylesheet)', async ({ page }) => {
    await page.goto(paths.socials);
    await expect(page.locator('.typed-cursor').first()).toBeAttached();
    await expectNoCspViolations(page);
  });
});
