import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLAN_IDS } from '../src/catalog/plans';
import { paths } from '../src/config/paths';
import { planImagePath, PLAN_PICTURE_PROPERTY } from '../src/features/store/plan-media';
import { SESSION_ATTRIBUTE, SESSION_HINTED, STORED_USER_ID_KEY } from '../src/session/stored-user-id';
import { readHostingConfig } from './hosting-preview';
import { headersFor, resolveRequest, withConnectSources, type HostingConfig } from './hosting-rules';

/** The build layout after pre-rendering: a page per public route, the shell, hashed assets. */
const BUILT = new Set([
  'index.html',
  'store.html',
  'case-studies.html',
  'case-studies/charm.html',
  'app-shell.html',
  'assets/index-a1b2.js',
  'favicon.svg',
]);
const built = (file: string) => BUILT.has(file);
const hosting = readHostingConfig();

describe('resolveRequest with firebase.json', () => {
  it.each([
    ['/', 'index.html'],
    ['/store', 'store.html'],
    ['/case-studies', 'case-studies.html'],
    ['/case-studies/charm', 'case-studies/charm.html'],
    ['/assets/index-a1b2.js', 'assets/index-a1b2.js'],
    ['/dashboard', 'app-shell.html'],
    ['/case-studies/no-such-study', 'app-shell.html'],
  ])('serves %s from %s', (path, file) => {
    expect(resolveRequest(path, hosting, built)).toEqual({ kind: 'file', file });
  });

  it.each([
    ['/store.html', '/store'],
    ['/case-studies/charm.html', '/case-studies/charm'],
    ['/index.html', '/'],
    ['/store/', '/store'],
  ])('redirects %s to %s', (path, location) => {
    expect(resolveRequest(path, hosting, built)).toEqual({ kind: 'redirect', location });
  });

  it('does not redirect an .html address that has no file; the rewrite answers it', () => {
    expect(resolveRequest('/nothing.html', hosting, built)).toEqual({ kind: 'file', file: 'app-shell.html' });
  });

  it('falls back to index.html while the build has no app-shell.html', () => {
    const withoutShell = (file: string) => file !== 'app-shell.html' && built(file);
    expect(resolveRequest('/dashboard', hosting, withoutShell, { 'app-shell.html': 'index.html' })).toEqual({
      kind: 'file',
      file: 'index.html',
    });
    expect(resolveRequest('/dashboard', hosting, withoutShell)).toEqual({ kind: 'not-found' });
  });
});

describe('headersFor with firebase.json', () => {
  it('sends the security headers and no-cache on HTML addresses', () => {
    for (const path of ['/', '/store', '/dashboard', '/case-studies/charm']) {
      const headers = headersFor(path, hosting);
      expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
      // Scripts: the site's own, two inline ones by hash, and reCAPTCHA's for App Check (docs/decisions/0124-app-check.md).
      expect(headers['Content-Security-Policy']).toMatch(
        /script-src 'self'( 'sha256-[\w+/=]+')* https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/;/,
      );
      expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains; preload');
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
      expect(headers['Cache-Control']).toBe('no-cache');
    }
  });

  it("leaves inline styles to each page's own policy: the header allows them, the page's <meta> lists their hashes", () => {
    // scripts/page-policy.ts writes that <meta> into every HTML file of the build; a browser
    // enforces both policies, so only the hashes the page lists apply.
    const policy = headersFor('/', hosting)['Content-Security-Policy']!;
    expect(/style-src-elem ([^;]*)/.exec(policy)![1]).toBe("'self' 'unsafe-inline'");
    expect(/style-src ([^;]*)/.exec(policy)![1]).toBe("'self'");
  });

  it('lets the later /assets/** rule override the cache header but keeps the security headers', () => {
    const headers = headersFor('/assets/index-a1b2.js', hosting);
    expect(headers['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headers['Content-Security-Policy']).toContain("default-src 'self'");
  });

  it('caches public images and media for a day and robots.txt for an hour', () => {
    expect(headersFor('/favicon.svg', hosting)['Cache-Control']).toBe('public, max-age=86400');
    expect(headersFor('/media/space-trailer.webm', hosting)['Cache-Control']).toBe('public, max-age=86400');
    expect(headersFor('/robots.txt', hosting)['Cache-Control']).toBe('public, max-age=3600');
  });

  it('asks search engines not to index the staff console and the Space passes, and only those', () => {
    for (const path of [paths.staff, paths.staffInbox, `${paths.staff}/`, paths.spacePass('ABCDEFGHIJKLMNOPQRSTUVWXYZ'), '/space-pass']) {
      expect(headersFor(path, hosting)['X-Robots-Tag'], path).toBe('noindex');
    }
    for (const path of ['/', paths.store, paths.dashboard, paths.preorder, '/staffing', '/assets/index-a1b2.js', '/robots.txt']) {
      expect(headersFor(path, hosting), path).not.toHaveProperty('X-Robots-Tag');
    }
  });

  it('applies every matching rule in file order, the last value winning whatever the key case', () => {
    const config: HostingConfig = {
      public: 'dist',
      headers: [
        {
          source: '**',
          headers: [
            { key: 'Cache-Control', value: 'no-cache' },
            { key: 'X-A', value: '1' },
          ],
        },
        { source: '/assets/**', headers: [{ key: 'cache-control', value: 'immutable' }] },
      ],
    };
    expect(headersFor('/assets/a.js', config)).toEqual({ 'cache-control': 'immutable', 'X-A': '1' });
    expect(headersFor('/store', config)).toEqual({ 'Cache-Control': 'no-cache', 'X-A': '1' });
  });
});

describe('withConnectSources', () => {
  it('appends the local origins to connect-src only', () => {
    const policy = "default-src 'self'; connect-src 'self' https://api.emailjs.com; frame-ancestors 'none'";
    expect(withConnectSources(policy, ['http://127.0.0.1:9000', 'ws://127.0.0.1:9000'])).toBe(
      "default-src 'self'; connect-src 'self' https://api.emailjs.com http://127.0.0.1:9000 ws://127.0.0.1:9000; frame-ancestors 'none'",
    );
    expect(withConnectSources(policy, [])).toBe(policy);
  });
});

describe('the inline scripts of index.html', () => {
  const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);

  it('are allowed by their hashes in the Content-Security-Policy, and nothing else inline is', () => {
    const policy = headersFor('/', hosting)['Content-Security-Policy']!;
    const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!.split(' ');
    const hashes = inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    expect(hashes).toHaveLength(2);
    expect(scriptSrc).toEqual(["'self'", ...hashes, 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
  });

  it('sets the session attribute from the key the app stores the user id under', () => {
    const run = (stored: Record<string, string>) => {
      const attributes = new Map<string, string>();
      const localStorage = { getItem: (key: string) => stored[key] ?? null };
      const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
      new Function('localStorage', 'document', inline[0]!)(localStorage, document);
      return Object.fromEntries(attributes);
    };
    expect(run({ [STORED_USER_ID_KEY]: 'u1' })).toEqual({ [SESSION_ATTRIBUTE]: SESSION_HINTED });
    expect(run({})).toEqual({});
  });

  it("gives the pre-rendered plan page its plan's picture, for the plans of the catalogue only", () => {
    const run = (path: string) => {
      const url = new URL(path, 'https://example.com');
      const properties = new Map<string, string>();
      const document = { documentElement: { style: { setProperty: (name: string, value: string) => properties.set(name, value) } } };
      new Function('location', 'document', inline[1]!)(url, document);
      return Object.fromEntries(properties);
    };
    for (const plan of PLAN_IDS) {
      expect(run(paths.productDetails('websites', plan))).toEqual({ [PLAN_PICTURE_PROPERTY]: `url(${planImagePath(plan)})` });
    }
    expect(run(paths.productDetails('websites', 'gold').replace('plan=gold', 'plan=gold%22)'))).toEqual({});
    expect(run(`${paths.productDetailsBase}?service=websites&plan=contact`)).toEqual({});
    expect(run(`${paths.store}?plan=gold`)).toEqual({});
  });
});
