/** The attribute the pre-renderer puts on #root: the path the HTML was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** On #root of a pre-rendered page: the page's own chunks (space-separated URLs), which
 *  src/main.tsx preloads after the first paint rather than the HTML before it. */
export const PAGE_MODULES_ATTRIBUTE = 'data-page-modules';
/** On the full stylesheet of a pre-rendered page, which arrives `disabled` and `media="print"` (not
 *  fetched, then not render blocking) behind the inlined critical CSS; src/main.tsx fetches it after
 *  the first paint and switches it on once it has loaded. */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-deferred-style';

/**
 * Whether #root holds this address's pre-rendered page, to hydrate rather than render afresh.
 * Anything else (the app shell, or a page served for another path by a stale cache or a
 * misconfigured host) is replaced, never hydrated into a mismatch.
 */
export function hasPrerenderedPage(root: HTMLElement | null, pathname: string): boolean {
  return !!root?.hasChildNodes() && root.getAttribute(PRERENDERED_ATTRIBUTE) === pathname;
}

/**
 * Resolves once the browser has painted what it has: a task queued from an animation-frame
 * callback runs after that frame's paint. A page that is not visible paints nothing (and runs no
 * animation frames), so it resolves at once.
 */
export function afterNextPaint(doc: Document = document): Promise<void> {
  return new Promise((resolve) => {
    if (doc.visibilityState !== 'visible') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Starts fetching a pre-rendered page's own chunks (named on #root), so they arrive together with
 *  the app's code instead of after it. */
export function preloadPageModules(root: HTMLElement | null, doc: Document = document): void {
  for (const href of root?.getAttribute(PAGE_MODULES_ATTRIBUTE)?.split(/\s+/).filter(Boolean) ?? []) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * Fetches the deferred stylesheets (enabling them starts the download; they stay `media="print"`,
 * so nothing waits for them) and switches each on (`media="all"`) once it has loaded. Resolves when
 * all have (or failed: the page then keeps its critical CSS). Content React adds after hydration
 * needs the full stylesheet, so the app starts after this.
 */
export function applyDeferredStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            link.disabled = false;
            link.media = 'all';
            link.removeAttribute(DEFERRED_STYLESHEET_ATTRIBUTE);
            resolve();
          };
          if (link.sheet)
            apply(); // loaded already: a browser that fetches disabled links
          else {
            link.addEventListener('load', apply, { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
            link.disabled = false;
          }
        }),
    ),
  ).then(() => undefined);
}
