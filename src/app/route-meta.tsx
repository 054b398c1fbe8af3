import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useLocation, type Params, type RouteMatch } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { siteUrlFrom } from '@/config/site-url';
import type { RouteDetails } from './head/describe';
import type { PageLoader } from './lazy-page';
import { hasPrerenderedPage } from './prerendered';
import { applyHead, documentTitle, SITE_DESCRIPTION, type PageHead } from './head/page-head';

/** What the route table attaches to each route. */
export interface RouteHandle {
  title?: string | ((params: Params) => string);
  /** The route's path in the table, which names its description (head/describe.ts). */
  pattern?: string;
  /** Imports the route's page module, so the pre-renderer can tell which source module the route
   *  used and link its stylesheet and code (src/entry-server.tsx, scripts/prerender.ts). */
  load?: PageLoader;
}

type Match = Pick<RouteMatch, 'route' | 'params'>;

/** The route table's matches for the current address (src/app/app.tsx provides them). */
export const RouteMatchesContext = createContext<readonly Match[]>([]);
export type DescribeRoute = (pattern: string | undefined, params: Params, search: URLSearchParams) => Promise<RouteDetails>;

/** The deepest matched route that names a title: the page's own route. */
function pageRoute(matches: readonly Match[]): { handle: RouteHandle; params: Params } | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]!.route.handle as RouteHandle | undefined;
    if (handle?.title !== undefined) return { handle, params: matches[i]!.params };
  }
  return undefined;
}

/** The route table's title for the matched page; '' for the home page. */
export function routeTitle(matches: readonly Match[]): string {
  const page = pageRoute(matches);
  if (!page) return '';
  return typeof page.handle.title === 'function' ? page.handle.title(page.params) : (page.handle.title ?? '');
}

/** The whole head of the matched page, with what head/describe.ts adds. */
export async function routeHead(matches: readonly Match[], pathname: string, search: string, describe: DescribeRoute): Promise<PageHead> {
  const page = pageRoute(matches);
  const details = await describe(page?.handle.pattern, page?.params ?? {}, new URLSearchParams(search));
  return {
    title: details.title ?? routeTitle(matches),
    description: details.description ?? SITE_DESCRIPTION,
    path: pathname,
  };
}

const SITE_URL = siteUrlFrom(import.meta.env);
/** A pre-rendered page arrives with its head complete; only later navigations need new tags. */
let headIsCurrent = typeof document !== 'undefined' && hasPrerenderedPage(document.getElementById('root'), window.location.pathname);

/** Keeps the document's title, description, canonical address and link-preview tags in step with
 *  the route, and tells screen-reader users that the page changed (a client-side navigation is
 *  otherwise silent). */
export function RouteAnnouncer() {
  const { pathname, search } = useLocation();
  const matches = useContext(RouteMatchesContext);
  const title = routeTitle(matches);
  const [announcement, setAnnouncement] = useState('');
  const firstRender = useRef(true);

  useEffect(() => {
    const prerendered = headIsCurrent;
    headIsCurrent = false;
    // The pre-rendered file is the path's; a query (a plan, a service) may change the head.
    if (prerendered && !search) return;
    let current = true;
    // The title at once; the rest once head/describe.ts (not in the landing bundle) has loaded.
    document.title = documentTitle(title);
    void import('./head/describe')
      .then(({ describeRoute }) => routeHead(matches, pathname, search, describeRoute))
      .then((head) => current && applyHead(head, SITE_URL));
    return () => {
      current = false;
    };
  }, [matches, pathname, search, title]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setAnnouncement(title || BRAND.name);
  }, [title]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
