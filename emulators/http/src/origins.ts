// Which browser pages may use a local service (the database emulator and the Stripe and EmailJS
// stand-ins): a page on another origin that is open while the service runs must not read its data
// or change it (emulators/rtdb/docs/protocol.md#browser-origins).
//
// A browser names the page a request comes from in `Origin` (fetch, XHR, WebSocket, EventSource,
// any POST, form posts included). Requests that carry none (scripts, images, GET navigations) name
// it in `Referer` unless the page hid it; `Sec-Fetch-Site` then still says that the page is not
// this service's own. Node's SDKs, firebase-admin and curl send none of these headers: they are
// programs the developer runs, not pages, and are always served. A page can hide all of that only
// when its own name was pointed at this machine (DNS rebinding); its `Host` is then checked first.

import type { IncomingMessage } from 'node:http';

/** In `allowedOrigins`: every origin may call (what the services did before they had the list). */
export const ANY_ORIGIN = '*';

/** Why a request is refused before anything is read or done, and what to answer. */
export interface Refusal {
  /** 421 (Misdirected Request) for a Host that names neither this machine nor the service; 403
   *  for a page origin that is not allowed. */
  readonly status: 403 | 421;
  /** What was refused, for the log: `Host evil.test:12111`, or the page's origin. */
  readonly from: string;
  /** The answer's text, naming the service and how it may be called. */
  readonly text: string;
}

export interface OriginGate {
  /** The origins given (`null`: the default, any loopback origin). */
  readonly allowed: readonly string[] | null;
  /** Whether a page at `origin` (an `Origin` header's value) may call. */
  allows(origin: string): boolean;
  /** Whether a request naming `host` (a `Host` header's value) is for this service. */
  servesHost(host: string): boolean;
  /** Why the request is refused (its Host first, then its page), or null when it may be served. */
  refusal(req: IncomingMessage): Refusal | null;
  /** The CORS headers for a request that was not refused. */
  corsHeaders(req: IncomingMessage): Record<string, string>;
}

/** `http://host[:port]` (or https) as a browser writes it in `Origin` (a trailing slash is
 *  dropped); throws for anything else, a path included, so a typo does not silently allow nothing. */
export function normalizeOrigin(text: string): string {
  if (text === ANY_ORIGIN) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RangeError(`"${text}" is not an origin (http://host:port)`);
  }
  const bare = url.protocol === 'http:' || url.protocol === 'https:';
  if (!bare || url.username || url.password || url.search || url.hash || url.pathname !== '/' || /^[a-z]+:\/\/[^/]*\/./i.test(text)) {
    throw new RangeError(`"${text}" is not an origin: write scheme://host[:port], with no path (e.g. http://localhost:5173)`);
  }
  return url.origin;
}

/** The `--allow-origin` values of a command line, each checked; the first malformed one is
 *  reported the way every bad flag is (the reason on stderr, exit code 2). */
export function allowOriginFlags(values: readonly string[] | undefined): string[] | undefined {
  for (const origin of values ?? []) {
    try {
      normalizeOrigin(origin);
    } catch (error) {
      console.error(`--allow-origin: ${(error as Error).message}`);
      process.exit(2);
    }
  }
  return values ? [...values] : undefined;
}

/** localhost, *.localhost, 127.0.0.0/8 and [::1]: names that only ever reach this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '[::1]';
}

function originOf(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** `host[:port]` as a client writes it in `Host` (an IPv6 address in brackets): the host name in
 *  lower case, or null for anything else (a path, a user, a second colon), which no client sends. */
function hostNameOf(value: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/\\@?#\s]+)(?::\d{1,5})?$/i.exec(value);
  return match ? match[1].toLowerCase() : null;
}

const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/;

/**
 * The gate of a service (`service` names it in refusals) listening at `host`:`port()` (the port is
 * read at each request, so it may be picked at start).
 *
 * Every request names the host it was sent to in `Host`, and only this machine's names and the
 * service's own are served: a page whose name the attacker points at 127.0.0.1 (DNS rebinding) is
 * same-origin with itself, so its reads carry no `Origin`, it may hide its `Referer`, and only
 * `Host: evil.test:12111` gives it away (emulators/rtdb/docs/protocol.md#host-names). Listening on
 * every interface (`0.0.0.0`, `::`), any IP address is served as well: a rebinding page always has
 * a name, and a page at an address is that address's own origin, which the origin rules judge.
 *
 * Its own origin (with every loopback name when it listens on one) is always allowed, so the pages
 * it serves itself keep working. `allowed`: exactly these origins besides; absent, any loopback
 * origin (a developer's own app on any local port; no site on the internet); containing `*`, any
 * origin.
 */
export function originGate(options: { service: string; allowed?: readonly string[]; host: string; port: () => number }): OriginGate {
  const allowed = options.allowed ? options.allowed.map(normalizeOrigin) : null;
  const any = allowed?.includes(ANY_ORIGIN) ?? false;
  const listed = new Set(allowed ?? []);
  const bareHost = options.host.replace(/^\[|\]$/g, '');
  const wildcard = bareHost === '0.0.0.0' || bareHost === '::' || bareHost === '';
  const ownHost = (bareHost.includes(':') ? `[${bareHost}]` : bareHost).toLowerCase();

  const isOwn = (url: URL): boolean => {
    if (url.protocol !== 'http:' || Number(url.port || 80) !== options.port()) return false;
    return url.hostname === ownHost || ((wildcard || isLoopbackHost(ownHost)) && isLoopbackHost(url.hostname));
  };
  const allows = (origin: string): boolean => {
    if (any) return true;
    const url = originOf(origin);
    if (!url || url.origin !== origin.toLowerCase()) return false; // "null", or not an origin
    if (isOwn(url)) return true;
    return allowed === null ? isLoopbackHost(url.hostname) : listed.has(url.origin);
  };
  const servesHost = (value: string): boolean => {
    const name = hostNameOf(value);
    if (name === null) return false;
    return name === ownHost || isLoopbackHost(name) || (wildcard && IP_ADDRESS.test(name));
  };

  const pageRefusal = (req: IncomingMessage): string | null => {
    const origin = req.headers.origin;
    if (typeof origin === 'string') return allows(origin) ? null : origin;
    if (any) return null;
    // Opening a page by its address (a link, the address bar) carries no rights of the page it
    // came from, and answers with nothing another page can read.
    const method = req.method ?? 'GET';
    if (req.headers['sec-fetch-mode'] === 'navigate' && (method === 'GET' || method === 'HEAD')) return null;
    // Scripts and images: the JSONP of long polling would hand a session to any page.
    const referer = req.headers.referer;
    if (typeof referer === 'string') {
      const page = originOf(referer);
      if (!page) return 'a page with an unreadable Referer';
      return allows(page.origin) ? null : page.origin;
    }
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') return 'a page of another origin that sent no Referer';
    return null;
  };

  const refusal = (req: IncomingMessage): Refusal | null => {
    // Before the origin rules, and whatever `allowed` says: `*` opens the service to every page,
    // not to every name. A request without Host is HTTP/1.0 from a program (node refuses HTTP/1.1
    // without one), never a page.
    const host = req.headers.host;
    if (host !== undefined && !servesHost(host)) {
      const own = wildcard ? 'any IP address of this machine' : `${ownHost}:${options.port()}`;
      return { status: 421, from: `Host ${host}`, text: misdirectedText(options.service, host, own) };
    }
    const page = pageRefusal(req);
    return page === null ? null : { status: 403, from: page, text: refusalText(options.service, page) };
  };

  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (any) return { 'Access-Control-Allow-Origin': '*' };
    if (typeof origin !== 'string' || !allows(origin)) return { Vary: 'Origin' };
    return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  };

  return { allowed, allows, servesHost, refusal, corsHeaders };
}

/** The text of a 403 for a refused page, naming how to allow it. */
function refusalText(service: string, origin: string): string {
  return (
    `${service}: requests from ${origin} are refused; only the origins it was started with may call it from a browser ` +
    `(--allow-origin <origin>, or allowedOrigins)\n`
  );
}

/** The text of a 421 for a request sent to another host name. */
function misdirectedText(service: string, host: string, own: string): string {
  return (
    `${service}: requests for the host "${host}" are refused; it answers only at its own address (${own}) and at ` +
    `this machine's names (localhost, 127.0.0.1, [::1]), so that a page whose name was pointed at this machine ` +
    `cannot read it\n`
  );
}
