/**
 * Firebase Hosting's request handling, as far as firebase.json's `hosting` section uses it:
 * cleanUrls, trailingSlash, rewrites and headers. Pure functions, so `vite preview`
 * (scripts/hosting-preview.ts) and its unit test share one reading of the config.
 *
 * Hosting (superstatic) matches `source` globs with minimatch against the request path, answers in
 * the order redirects → exact static file → rewrites → 404, and applies EVERY header rule whose
 * source matches, in file order, so a later rule overrides an earlier one's value for the same key.
 */
import { createRequire } from 'node:module';

/** minimatch 3, the matcher (and version line) Hosting's superstatic uses; it ships no types. */
const minimatch = createRequire(import.meta.url)('minimatch') as (path: string, pattern: string) => boolean;

export interface HostingConfig {
  public: string;
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  rewrites?: { source: string; destination: string }[];
  headers?: { source: string; headers: { key: string; value: string }[] }[];
}

export type Resolution =
  | { kind: 'redirect'; location: string }
  /** A file under the public folder, without a leading slash. */
  | { kind: 'file'; file: string }
  | { kind: 'not-found' };

/** Globs are rooted like superstatic's: `**` and `/**` both match every path. */
export const matchesSource = (pathname: string, source: string) =>
  minimatch(pathname, source.startsWith('/') || source.startsWith('**') ? source : `/${source}`);

/**
 * What Hosting answers for `pathname` (decoded, no query). `isFile` says whether a path relative to
 * the public folder is a file there. `fallbacks` maps a rewrite destination that is missing to one
 * that exists (the preview serves index.html while a build has no app-shell.html yet).
 */
export function resolveRequest(
  pathname: string,
  config: HostingConfig,
  isFile: (file: string) => boolean,
  fallbacks: Record<string, string> = {},
): Resolution {
  const file = pathname.replace(/^\/+/, '');

  if (config.cleanUrls && pathname.endsWith('.html') && isFile(file)) {
    const clean = pathname.replace(/(?:\/index)?\.html$/, '');
    return { kind: 'redirect', location: clean || '/' };
  }
  if (config.trailingSlash === false && pathname.length > 1 && pathname.endsWith('/')) {
    return { kind: 'redirect', location: pathname.replace(/\/+$/, '') || '/' };
  }

  const candidates = pathname === '/' ? ['index.html'] : [file];
  if (config.cleanUrls && file) candidates.push(`${file}.html`);
  if (file) candidates.push(`${file}/index.html`);
  const found = candidates.find((candidate) => candidate && isFile(candidate));
  if (found) return { kind: 'file', file: found };

  const rewrite = config.rewrites?.find((rule) => matchesSource(pathname, rule.source));
  if (rewrite) {
    const destination = rewrite.destination.replace(/^\/+/, '');
    if (isFile(destination)) return { kind: 'file', file: destination };
    const fallback = fallbacks[destination];
    if (fallback && isFile(fallback)) return { kind: 'file', file: fallback };
  }
  return { kind: 'not-found' };
}

/** The headers Hosting sends for `pathname`: every matching rule in order, later values winning
 *  (keys compared case-insensitively, as HTTP does). */
export function headersFor(pathname: string, config: HostingConfig): Record<string, string> {
  const byLowerKey = new Map<string, { key: string; value: string }>();
  for (const rule of config.headers ?? []) {
    if (!matchesSource(pathname, rule.source)) continue;
    for (const header of rule.headers) byLowerKey.set(header.key.toLowerCase(), header);
  }
  return Object.fromEntries([...byLowerKey.values()].map(({ key, value }) => [key, value]));
}

/** The policy with `sources` appended to its connect-src (added if the policy has none). */
export function withConnectSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const index = directives.findIndex((directive) => directive.split(/\s+/)[0] === 'connect-src');
  if (index === -1) directives.push(`connect-src 'self' ${sources.join(' ')}`);
  else directives[index] = `${directives[index]} ${sources.join(' ')}`;
  return directives.join('; ');
}
