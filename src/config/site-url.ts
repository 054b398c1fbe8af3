/** Where the site is published. Canonical addresses, link previews, robots.txt and sitemap.xml
 *  are absolute, so they need it; `VITE_SITE_URL` overrides the placeholder at build time. */
export const DEFAULT_SITE_URL = 'https://leopard.example.com';

export function siteUrlFrom(env: { VITE_SITE_URL?: string }): string {
  return (env.VITE_SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, '');
}
