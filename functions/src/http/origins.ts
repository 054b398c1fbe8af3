/** The site's origins: CORS and the success/cancel URLs of checkout are limited to them, so the
 *  function can neither be called from another site's pages nor send a buyer to another site
 *  after paying (no open redirect). */

/** "https://a.example, http://localhost:5173" → the normalised origins; entries that are not
 *  http(s) URLs are dropped. */
export function parseSiteOrigins(text: string): string[] {
  const origins = new Set<string>();
  for (const entry of text.split(',')) {
    const origin = originOf(entry.trim());
    if (origin) origins.add(origin);
  }
  return [...origins];
}

/** The origin of an http(s) URL ("http://127.0.0.1:4173"), or null for anything else. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** True when the URL (or bare origin) belongs to one of the allowed origins. */
export function isAllowedOrigin(url: string, allowed: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && allowed.includes(origin);
}

/** Where the site's pictures live (public/images). */
export const SITE_IMAGES_PATH = '/images/';

/** True for a picture of the site itself: an allowed origin, under SITE_IMAGES_PATH once `..` is
 *  resolved, without user info. Stripe shows (and fetches) the product image on its payment page,
 *  so nobody can put another site's picture, or a tracker, in front of our buyers. */
export function isSiteImage(url: string, allowed: readonly string[]): boolean {
  if (!isAllowedOrigin(url, allowed)) return false;
  const { pathname, username, password } = new URL(url);
  return pathname.startsWith(SITE_IMAGES_PATH) && username === '' && password === '';
}
