import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter, type RouteObject } from 'react-router-dom';
import { App } from './app/app';
import { CASE_STUDY_SLUGS, paths } from './config/paths';
import { describeRoute } from './app/head/describe';
import type { PageHead } from './app/head/page-head';
import { routeHead, type RouteHandle } from './app/route-meta';
import { routes } from './app/router';

/** The public pages built as HTML: every route of the public layout with a fixed path (case
 *  studies once per study), and the store, which visitors may use. The customer area stays
 *  client-rendered. */
export function prerenderedPaths(): string[] {
  const collect = (list: readonly RouteObject[]): string[] =>
    list.flatMap((route) => [...(route.path && route.path !== '*' ? [route.path] : []), ...collect(route.children ?? [])]);
  const publicRoutes = collect(routes[0]!.children ?? []);
  return [
    ...publicRoutes.flatMap((path) => (path === paths.caseStudy(':slug') ? CASE_STUDY_SLUGS.map((slug) => paths.caseStudy(slug)) : [path])),
    paths.store,
  ];
}

/** Every module a route may load, by source path. The route table names its pages by import; the
 *  pre-renderer needs their source paths (to find their stylesheets and code in the build
 *  manifest), so a page is known here by its component, the same object its loader resolves to. */
const PAGE_SOURCES = import.meta.glob<ComponentType>(
  ['/src/features/*/*-page.tsx', '/src/app/pages/*-page.tsx', '/src/ui/*-page.tsx', '/src/app/layouts/account-area.tsx'],
  { import: 'default' },
);
let sourceOfPage: Promise<Map<ComponentType, string>> | undefined;

function pageSources(): Promise<Map<ComponentType, string>> {
  sourceOfPage ??= Promise.all(Object.entries(PAGE_SOURCES).map(async ([source, load]) => [await load(), source] as const)).then(
    (entries) => new Map(entries),
  );
  return sourceOfPage;
}

/** The source modules of the matched routes. A page outside PAGE_SOURCES fails the build rather
 *  than being pre-rendered without its stylesheet. */
async function sourceModules(matches: readonly { route: RouteObject }[]): Promise<string[]> {
  const loaders = matches.flatMap((match) => (match.route.handle as RouteHandle | undefined)?.load ?? []);
  const sources = await pageSources();
  return Promise.all(
    loaders.map(async (load) => {
      const page = (await load()).default;
      const source = sources.get(page);
      if (!source) throw new Error(`No source module known for the page ${page.name || '(anonymous)'}`);
      return source;
    }),
  );
}

export interface RenderedPage {
  html: string;
  head: PageHead;
  /** Source modules of the matched routes, for their stylesheets and code. */
  modules: string[];
}

/** Renders one path as the browser's first render will see it, every lazy page loaded. */
export async function render(path: string): Promise<RenderedPage> {
  const url = new URL(path, 'http://prerender.invalid');
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const app = (
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>
  );
  // The first pass waits for every lazy page to load. Its output may move large Suspense boundaries
  // into place with inline scripts, which the CSP forbids; the second pass, with every page loaded,
  // renders in one piece and without scripts.
  await (await prerender(app)).prelude.cancel();
  const html = renderToString(app);
  return {
    html,
    head: await routeHead(matches, url.pathname, url.search, describeRoute),
    modules: await sourceModules(matches),
  };
}
