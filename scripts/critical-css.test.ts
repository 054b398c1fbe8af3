import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFERRED_STYLESHEET_ATTRIBUTE } from '../src/app/prerendered';
import {
  criticalCssExtractor,
  deferredStylesheet,
  fontPreloads,
  forFirstPaint,
  stylesheetLinks,
  woff2FilesIn,
  type CriticalCss,
} from './critical-css';

const LINK = '<link rel="stylesheet" crossorigin href="/assets/style-a1.css">';

describe('woff2FilesIn', () => {
  it('lists the woff2 files of the @font-face rules, once each, in order', () => {
    const css = `
      @font-face{font-family:'Manrope Variable';font-display:swap;font-weight:200 800;src:url(/assets/manrope-latin-ext-wght-normal-x1.woff2) format('woff2-variations');unicode-range:U+0100-02BA}
      @font-face{font-family:'Manrope Variable';src:url("/assets/manrope-latin-wght-normal-x2.woff2") format("woff2-variations")}
      @font-face{font-family:'Manrope Variable';src:url('/assets/manrope-latin-wght-normal-x2.woff2') format('woff2')}
      body{font-family:'Manrope Variable',sans-serif;background:url(/assets/not-a-font.woff2)}`;
    expect(woff2FilesIn(css)).toEqual(['/assets/manrope-latin-ext-wght-normal-x1.woff2', '/assets/manrope-latin-wght-normal-x2.woff2']);
  });

  it('counts a declared woff2 format without the extension, and leaves out local() and other formats', () => {
    const css = `@font-face{font-family:F;src:url(/assets/font-hash) format('woff2'),url(/assets/font.woff) format('woff')}
      @font-face{font-family:'F fallback';src:local('Arial');size-adjust:104%}`;
    expect(woff2FilesIn(css)).toEqual(['/assets/font-hash']);
    expect(woff2FilesIn('h1{font-weight:700}')).toEqual([]);
  });

  it('makes preload tags with the type and the CORS mode fonts are fetched in', () => {
    expect(fontPreloads(['/assets/a.woff2'])).toEqual([
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/a.woff2">',
    ]);
  });
});

describe('deferredStylesheet', () => {
  it('turns a stylesheet link into a disabled print one (not fetched until enabled), with the original for no-JavaScript visitors', () => {
    expect(deferredStylesheet(LINK)).toBe(
      `<link rel="stylesheet" crossorigin href="/assets/style-a1.css" media="print" disabled ${DEFERRED_STYLESHEET_ATTRIBUTE}><noscript>${LINK}</noscript>`,
    );
  });

  it('refuses a link that already has a media query (switching it to "all" would widen it) or is disabled', () => {
    expect(() => deferredStylesheet('<link rel="stylesheet" href="/a.css" media="screen">')).toThrow(/media/);
    expect(() => deferredStylesheet('<link rel="stylesheet" href="/a.css" disabled>')).toThrow(/state/);
  });
});

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">
    ${LINK}
    <link rel="modulepreload" crossorigin href="/assets/home-page-h1.js">
  </head>
  <body><div id="root"><h1>Hello</h1></div></body>
</html>`;

describe('forFirstPaint', () => {
  const critical: CriticalCss = async () =>
    "@font-face{font-family:B;src:url(/assets/b-latin.woff2) format('woff2-variations')}h1{font-family:B;content:'$&'}";

  it('inlines the critical CSS with its font preloads, defers the stylesheet and drops every module preload', async () => {
    const html = await forFirstPaint(PAGE, critical);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-e1.js"></script>');
    expect(html).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/b-latin.woff2">\n' +
        "    <style>@font-face{font-family:B;src:url(/assets/b-latin.woff2) format('woff2-variations')}h1{font-family:B;content:'$&'}</style>\n" +
        `    ${deferredStylesheet(LINK)}`,
    );
    expect(stylesheetLinks(html).filter((link) => !link.includes('media="print" disabled'))).toEqual([LINK]); // only inside <noscript>
    expect(html).toContain('<body><div id="root"><h1>Hello</h1></div></body>');
  });

  it('adds no font preload when the critical CSS names no web font', async () => {
    const html = await forFirstPaint(PAGE, async () => 'h1{color:red}');
    expect(html).not.toContain('as="font"');
    expect(html).toContain('<style>h1{color:red}</style>');
  });

  it('fails the build rather than write a page without critical CSS or with a broken <style>', async () => {
    await expect(forFirstPaint(PAGE.replace(LINK, ''), critical)).rejects.toThrow(/no stylesheet/);
    await expect(forFirstPaint(PAGE, async () => '')).rejects.toThrow(/no critical CSS/);
    await expect(forFirstPaint(PAGE, async () => 'a{}</style><script>')).rejects.toThrow(/<\/style/);
  });
});

describe('criticalCssExtractor', () => {
  const dir = mkdtempSync(join(tmpdir(), 'critical-css-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'assets', 'style-a1.css'),
    [
      "@font-face{font-family:Brand;src:url(/assets/brand-latin.woff2) format('woff2');unicode-range:U+0000-00FF}",
      "@font-face{font-family:Brand;src:url(/assets/brand-cyrillic.woff2) format('woff2');unicode-range:U+0400-045F}",
      "@font-face{font-family:Other;src:url(/assets/other.woff2) format('woff2')}",
      'body{font-family:Brand,sans-serif}',
      'h1{color:red}',
      '.modal{position:fixed}',
      'html[data-session] .visitor-only{display:none}',
      '@media (min-width:769px){h1{font-size:3rem}.modal{inset:0}}',
    ].join('\n'),
  );
  const extract = criticalCssExtractor(dir);

  it("keeps the rules the page's HTML uses and the font faces its text needs", async () => {
    const css = await extract(PAGE);
    expect(css).toContain('h1{color:red}');
    expect(css).toContain('@media (min-width:769px){h1{font-size:3rem}}');
    expect(css).not.toContain('.modal');
    expect(woff2FilesIn(css)).toEqual(['/assets/brand-latin.woff2']);
  });

  it('keeps the rules keyed to the session hint, which the page only gets in the browser', async () => {
    expect(await extract(PAGE)).toContain('html[data-session] .visitor-only{display:none}');
  });
});
