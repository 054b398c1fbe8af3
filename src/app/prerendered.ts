/** The attribute the pre-renderer puts on #root: the path the HTML was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Whether #root holds this address's pre-rendered page, to hydrate rather than render afresh.
 * Anything else (the app shell, or a page served for another path by a stale cache or a
 * misconfigured host) is replaced, never hydrated into a mismatch.
 */
export function hasPrerenderedPage(root: HTMLElement | null, pathname: string): boolean {
  return !!root?.hasChildNodes() && root.getAttribute(PRERENDERED_ATTRIBUTE) === pathname;
}
