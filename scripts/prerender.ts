import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, loadEnv, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import { absoluteUrl, headHtml, SITE_HEAD, type PageHead } from '../src/app/head/page-head';
import { PAGE_MODULES_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from '../src/app/prerendered';
import { paths } from '../src/config/paths';
import { siteUrlFrom } from '../src/config/site-url';
import { criticalCssExtractor, forFirstPaint, type CriticalCss } from './critical-css';
import { withPagePolicy } from './page-policy';

const SERVER_ENTRY = 'src/entry-server.tsx';
const HEAD_SLOT = '<!--app-head-->';
const ROOT_SLOT = '<div id="root"></div>';
/** The unrendered page Hosting serves for the customer area and unknown addresses. */
export const APP_SHELL = 'app-shell.html';
/** Pre-rendered pages left out of sitemap.xml: the page after checkout is no destination. */
const UNLISTED: readonly string[] = [paths.thankYou];
/** Kept from crawlers: the customer area, the staff console and the pass pages (the last two
 *  also carry a noindex meta of their own). */
const PRIVATE: readonly string[] = [
  paths.dashboard,
  paths.profileSettings,
  paths.orderHistory,
  paths.paymentMethods,
  paths.devPanel,
  paths.staff,
  paths.spacePass(''),
];

/** What src/entry-server.tsx exports. */
interface ServerEntry {
  prerenderedPaths(): string[];
  render(path: string): Promise<{ html: string; head: PageHead; modules: string[] }>;
}

/** `/` → index.html, `/case-studies/charm` → case-studies/charm.html (Hosting's cleanUrls). */
export const htmlFileFor = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/** The stylesheets and chunks a route's modules need beyond what the entry already loads. */
function assetsFor(modules: readonly string[], manifest: Manifest, entry: Set<string>) {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entry.has(key)) return;
    entry.add(key); // visited
    if (!js.has(chunk.file)) js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  modules.forEach((module) => visit(module.replace(/^\//, '')));
  return { css: [...css], js: [...js] };
}

function entryChunks(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  Object.entries(manifest).forEach(([key, chunk]) => chunk.isEntry && visit(key));
  return seen;
}

const sitemapXml = (siteUrl: string, pages: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${pages.map((path) => `  <url><loc>${absoluteUrl(siteUrl, path)}</loc></url>`).join('\n')}
</urlset>
`;

const robotsTxt = (siteUrl: string) =>
  `User-agent: *
Allow: /
${PRIVATE.map((path) => `Disallow: ${path}`).join('\n')}

Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}
`;

/**
 * Pre-renders the public pages after `vite build` (docs/decisions/0057-pre-rendering-without-framework.md):
 * builds src/entry-server.tsx for Node, renders each public path with React Router's static handler and
 * React's `prerenderToNodeStream` (every lazy page resolved), and writes `<path>.html` with that
 * route's head tags, shaped for its first paint (scripts/critical-css.ts: critical CSS inlined, the
 * stylesheet deferred, fonts preloaded, no module preloads; scripts/page-policy.ts: the page's
 * style policy), plus the app shell, sitemap.xml and robots.txt. The dev server gets the default
 * head only.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let siteUrl = '';
  return {
    name: 'leopard:prerender',
    configResolved(resolved) {
      config = resolved;
      siteUrl = siteUrlFrom(loadEnv(resolved.mode, resolved.envDir || resolved.root, 'VITE_'));
    },
    transformIndexHtml: (html) => html.replace(HEAD_SLOT, headHtml(SITE_HEAD, siteUrl)),
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      // One folder per output folder: builds into dist/ and into the bench's folder may overlap.
      const outDirKey = createHash('sha256').update(outDir).digest('hex').slice(0, 12);
      const serverDir = resolve(config.root, 'node_modules/.cache', `prerender-${outDirKey}`);
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: SERVER_ENTRY, outDir: serverDir, emptyOutDir: true, sourcemap: false, manifest: false, copyPublicDir: false },
      });
      const server = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as ServerEntry;

      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const defaultHead = headHtml(SITE_HEAD, siteUrl);
      if (!template.includes(defaultHead) || !template.includes(ROOT_SLOT)) {
        throw new Error('index.html lacks the head slot or the empty root the pre-renderer fills');
      }
      const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      // The customer area renders in the browser: nothing to paint before its code runs, so the app
      // shell keeps its blocking stylesheet and module preloads; it gets the style policy alone.
      await writeFile(join(outDir, APP_SHELL), withPagePolicy(template));
      const criticalCss: CriticalCss = criticalCssExtractor(outDir);

      const pages = server.prerenderedPaths();
      for (const path of pages) {
        const page = await server.render(path);
        if (/<script|<template/.test(page.html)) throw new Error(`${path} rendered with a script or a pending boundary`);
        const assets = assetsFor(page.modules, manifest, entryChunks(manifest));
        const stylesheets = assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('\n    ');
        const modules = assets.js.map((file) => `/${file}`).join(' ');
        const rendered = template
          .replace(defaultHead, headHtml(page.head, siteUrl))
          .replace('</head>', stylesheets ? `  ${stylesheets}\n  </head>` : '</head>')
          .replace(
            ROOT_SLOT,
            `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}" ${PAGE_MODULES_ATTRIBUTE}="${modules}">${page.html}</div>`,
          );
        const html = withPagePolicy(await forFirstPaint(rendered, criticalCss));
        const file = join(outDir, htmlFileFor(path));
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, html);
      }
      await writeFile(
        join(outDir, 'sitemap.xml'),
        sitemapXml(
          siteUrl,
          pages.filter((path) => !UNLISTED.includes(path)),
        ),
      );
      await writeFile(join(outDir, 'robots.txt'), robotsTxt(siteUrl));
      await rm(serverDir, { recursive: true, force: true });
      config.logger.info(`pre-rendered ${pages.length} pages, sitemap.xml and robots.txt`);
    },
  };
}
