/**
 * A pre-rendered page's head as it should reach its first paint
 * (docs/decisions/0101-critical-css-and-hydration-after-first-paint.md): the rules the page's own HTML uses inlined in a <style>,
 * the full stylesheet fetched without blocking (media="print", switched on by src/main.tsx once it
 * has loaded; a <noscript> link without JavaScript), the woff2 files of the inlined @font-face rules
 * preloaded, and no module preloads (src/main.tsx preloads the page's chunks after the first paint).
 *
 * String functions plus Beasties (the maintained fork of critters), which matches every rule of the
 * stylesheet against the page's DOM; only its <style> output is used, so the page's markup stays
 * byte for byte what React rendered.
 */
import Beasties from 'beasties';
import { DEFERRED_STYLESHEET_ATTRIBUTE } from '../src/app/prerendered';
import { SESSION_ATTRIBUTE } from '../src/session/stored-user-id';
import { inlineStyles } from './page-policy';

const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")[^>]*>/gi;

/** The `<link rel="stylesheet">` tags of an HTML document, as written. */
export const stylesheetLinks = (html: string): string[] => html.match(STYLESHEET_LINK) ?? [];

/**
 * The woff2 files the `@font-face` rules of `css` load, in order and without repeats: `url()`s
 * ending in `.woff2` or declared `format('woff2…')` (`woff2-variations` too). `local()` sources,
 * such as a metric-matched fallback face, load nothing.
 */
export function woff2FilesIn(css: string): string[] {
  const files = new Set<string>();
  for (const [, body] of css.matchAll(/@font-face\s*\{([^}]*)\}/gi)) {
    const src = /(?:^|;|\s)src\s*:([^;]*)/i.exec(body!)?.[1] ?? '';
    for (const [, , url, rest] of src.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)([^,]*)/gi)) {
      if (/\.woff2(?:[?#].*)?$/i.test(url!) || /format\(\s*['"]?woff2/i.test(rest!)) files.add(url!);
    }
  }
  return [...files];
}

/** `<link rel="preload">` tags for web fonts; `crossorigin` because fonts are always fetched in CORS mode. */
export const fontPreloads = (files: readonly string[]) =>
  files.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`);

/**
 * A stylesheet link that neither blocks nor competes with the first paint: `disabled`, so the
 * browser does not fetch it until src/main.tsx enables it after the first paint; `media="print"`,
 * so that even then (or in a browser that fetches disabled links) it applies to nothing on screen
 * and blocks nothing, until src/main.tsx sets `media="all"` once it has loaded. The original link
 * in <noscript> styles the page without JavaScript. (`onload="this.media='all'"`, the usual
 * pattern, is an inline event handler, which the CSP's script-src refuses.)
 */
export function deferredStylesheet(link: string): string {
  if (/\b(media|disabled)\b/.test(link)) throw new Error(`a stylesheet with its own media query or state cannot be deferred: ${link}`);
  const deferred = link.replace(/\s*\/?>$/, ` media="print" disabled ${DEFERRED_STYLESHEET_ATTRIBUTE}>`);
  return `${deferred}<noscript>${link}</noscript>`;
}

/** The rules of a page's linked stylesheets that its HTML uses, minified. */
export type CriticalCss = (html: string) => Promise<string>;

/** Reads and reduces the site's stylesheets; one instance serves every page of a build. */
export function criticalCssExtractor(outDir: string): CriticalCss {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    // The links are rewritten by deferredStylesheet(), not by Beasties: its strategies use
    // onload handlers or an inline script, which the CSP refuses.
    preload: false as unknown as 'media',
    // Keep the @font-face rules the inlined rules use (their unicode-range against the page's
    // text), so the first paint already asks for the brand font; their files are preloaded.
    inlineFonts: true,
    preloadFonts: false,
    // Rules keyed to the session hint, which index.html's inline script sets on <html> before the
    // first paint for a signed-in visitor: the static HTML never carries it, so Beasties would drop
    // them, and a signed-in visitor would see the visitor-only header until the stylesheet loads.
    allowRules: [new RegExp(`\\[${SESSION_ATTRIBUTE}[\\]=~|^$*]`)],
    keyframes: 'critical',
    reduceInlineStyles: false,
    mergeStylesheets: true,
    compress: true,
    logLevel: 'warn',
  });
  return async (html) => {
    const before = new Set(inlineStyles(html));
    const added = inlineStyles(await beasties.process(html)).filter((text) => !before.has(text));
    return added.join('');
  };
}

const MODULE_PRELOAD = /\s*<link\b(?=[^>]*\brel="modulepreload")[^>]*>/gi;
const ENTRY_SCRIPT = /(<script type="module")(?![^>]*fetchpriority)/g;

/**
 * The page shaped for its first paint: critical CSS inlined where its first stylesheet link was,
 * preceded by preloads of the fonts it names; every stylesheet link deferred; every module preload
 * removed; the entry script fetched at low priority (it only waits for the first paint before it
 * loads the app: src/main.tsx).
 */
export async function forFirstPaint(html: string, criticalCss: CriticalCss): Promise<string> {
  const links = stylesheetLinks(html);
  if (links.length === 0) throw new Error('the page links no stylesheet to inline critical CSS from');
  const critical = await criticalCss(html);
  if (!critical) throw new Error('no critical CSS found for the page');
  if (critical.includes('</style')) throw new Error('critical CSS cannot be inlined: it contains </style');
  let shaped = html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, '$1 fetchpriority="low"');
  const head = [...fontPreloads(woff2FilesIn(critical)), `<style>${critical}</style>`].join('\n    ');
  // Function replacers: a `$` in the CSS must not be read as a replacement pattern.
  shaped = shaped.replace(links[0]!, () => `${head}\n    ${links[0]!}`);
  for (const link of links) shaped = shaped.replace(link, () => deferredStylesheet(link));
  return shaped;
}
