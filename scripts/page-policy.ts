/**
 * The Content-Security-Policy each HTML page carries in a <meta> for its styles
 * (docs/decisions/0101-critical-css-and-hydration-after-first-paint.md). firebase.json's header allows `style-src-elem 'self' 'unsafe-inline'`,
 * the same for every address; each page's meta narrows that to its own inline <style> blocks (the
 * critical CSS, different on every page) and the stylesheets libraries inject at run time, each by
 * its sha256. A browser enforces both policies, so a style runs only if both allow it: the page's
 * hashes are the effective rule, and they travel in the same file as the styles they allow.
 */
import { createHash } from 'node:crypto';

/** A CSP source expression for an inline element's text: `'sha256-…'` over its UTF-8 bytes. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The <style> elements libraries add at run time: sweetalert2's empty element and its stylesheet
 * (alerts), and typed.js's cursor stylesheet. Upgrading either library may change a text; the CSP
 * e2e test (tests/e2e/security-headers.spec.ts) then fails on the violation and names the new hash.
 */
export const RUNTIME_STYLE_HASHES = [
  "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
  "'sha256-4Hp34kejS2ebnG2znG00qXJODVa0mXDBGtDnbB1o+dk='",
  "'sha256-ESwzs/pwk6xVxIZH3YCxHKVRV9YGR02+QzCza+PCibs='",
] as const;

const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const CHARSET_META = '<meta charset="UTF-8" />';
export const POLICY_META_PREFIX = '<meta http-equiv="Content-Security-Policy"';

/** The text of every inline <style> element of an HTML document, in document order. */
export const inlineStyles = (html: string): string[] => [...html.matchAll(STYLE_ELEMENT)].map((match) => match[1]!);

/** `style-src-elem` limited to the site's own stylesheets, the given inline style texts and the
 *  library stylesheets, each by its hash. */
export function styleSourcePolicy(inlineStyleTexts: readonly string[]): string {
  const hashes = [...new Set([...inlineStyleTexts.map(cspHash), ...RUNTIME_STYLE_HASHES])];
  return ["style-src-elem 'self'", ...hashes].join(' ');
}

/**
 * The page with its style policy in a <meta> right after the charset, before any <style>: the
 * hashes of every inline <style> the page holds. A page that already has a policy meta is refused.
 */
export function withPagePolicy(html: string): string {
  if (html.includes(POLICY_META_PREFIX)) throw new Error('the page already has a Content-Security-Policy meta');
  if (!html.includes(CHARSET_META)) throw new Error(`the page lacks ${CHARSET_META}, after which its policy goes`);
  const meta = `${POLICY_META_PREFIX} content="${styleSourcePolicy(inlineStyles(html))}" />`;
  return html.replace(CHARSET_META, () => `${CHARSET_META}\n    ${meta}`);
}
