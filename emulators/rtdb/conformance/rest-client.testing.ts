// The emulator's REST surface as the suite calls it: data URLs for a namespace, requests with a
// clear error when the answer is not JSON, uploading rules, and the mock ID tokens
// @firebase/rules-unit-testing sends.
import { EMULATOR_HOST, PROJECT_ID } from './target.testing';

export interface RestResponse {
  status: number;
  text: string;
  headers: Headers;
  /** The body parsed as JSON (throws a clear error if it is not JSON). */
  json(): unknown;
}

export interface RestOptions {
  /** JSON value to send (serialised with JSON.stringify). */
  body?: unknown;
  /** Raw request body, sent as is. */
  rawBody?: string;
  /** Extra query parameters (besides ns). */
  query?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>`. */
  bearer?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Builds http://HOST/<path>.json?ns=NS&... ; `path` segments are URL-encoded. */
export function restUrl(ns: string, path: string, query: Record<string, string> = {}): string {
  const segments = path.split('/').filter((s) => s.length > 0);
  const p = segments.map((s) => encodeURIComponent(s)).join('/');
  const url = new URL(`http://${EMULATOR_HOST}/${p}.json`);
  url.searchParams.set('ns', ns);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

export async function restRequest(url: string, method: string, options: RestOptions = {}): Promise<RestResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.bearer !== undefined) headers.Authorization = `Bearer ${options.bearer}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  const res = await fetch(url, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    headers: res.headers,
    json() {
      try {
        return JSON.parse(text);
      } catch {
        throw new Error(`${method} ${url} -> ${res.status}: body is not JSON: ${text.slice(0, 200)}`);
      }
    },
  };
}

export function rest(method: string, ns: string, path: string, options: RestOptions = {}): Promise<RestResponse> {
  return restRequest(restUrl(ns, path, options.query ?? {}), method, options);
}

/** Uploads database rules (raw text) to namespace `ns` as owner; throws on failure. */
export async function putRules(ns: string, rules: string | object): Promise<void> {
  const text = typeof rules === 'string' ? rules : JSON.stringify(rules);
  const res = await restRequest(rulesUrl(ns), 'PUT', { rawBody: text, bearer: 'owner' });
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`Uploading rules to ns=${ns} failed: ${res.status} ${res.text}`);
  }
}

export function rulesUrl(ns: string): string {
  return `http://${EMULATOR_HOST}/.settings/rules.json?ns=${encodeURIComponent(ns)}`;
}

function base64url(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * An unsigned mock ID token in the same shape as @firebase/util createMockUserToken
 * (what rules-unit-testing sends): header {"alg":"none","type":"JWT"}, empty signature.
 */
export function mockIdToken(uid: string, claims: Record<string, unknown> = {}, projectId = PROJECT_ID): string {
  const header = { alg: 'none', type: 'JWT' };
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: 0,
    exp: 3600,
    auth_time: 0,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...claims,
  };
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}.`;
}
