/**
 * The one way the browser calls our HTTPS cloud functions (stripeCheckout, stripePortal,
 * checkoutSummary, claimGuestOrders): JSON in and out, the ID token as a Bearer header when there
 * is one. It only carries requests; each caller decides what an answer means.
 */
import { APP_CHECK_IN_BUILD, appCheckToken } from './app-check-setup';
import { functionsBaseUrl } from './config';

/** The header the functions read App Check's token from (functions/src/http/app-check.ts). */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

export type FunctionAnswer =
  | { reached: true; status: number; body: unknown }
  /** The build knows no functions address, or the request never got an answer. */
  | { reached: false; reason: 'not-configured' | 'unreachable' };

export interface FunctionCall {
  method?: 'GET' | 'POST';
  /** Sent as JSON (POST). */
  body?: unknown;
  /** Added to the address as ?name=value. */
  query?: Record<string, string>;
  idToken?: string | null;
  /** The functions' base URL; defaults to functionsBaseUrl() of the build. */
  baseUrl?: string | null;
  fetch?: typeof fetch;
  /** The function requires App Check where it is enforced: a page that has not started Firebase
   *  yet (a visitor's checkout) starts it first, in a build that has App Check. */
  appCheck?: boolean;
}

/** The request alone: the function's response as it came (a file, a stream), or why there was none. */
export async function requestFunction(
  name: string,
  {
    method = 'POST',
    body,
    query,
    idToken,
    baseUrl = functionsBaseUrl(),
    fetch: send = globalThis.fetch,
    appCheck = false,
  }: FunctionCall = {},
): Promise<Response | Extract<FunctionAnswer, { reached: false }>> {
  if (!baseUrl) return { reached: false, reason: 'not-configured' };
  if (appCheck && APP_CHECK_IN_BUILD && (await appCheckToken()) === null) {
    // Creating the app starts App Check (clients.ts); without a configuration the call goes without.
    await import('./clients').then(({ getFirebaseApp }) => getFirebaseApp()).catch(() => undefined);
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idToken) headers.Authorization = `Bearer ${idToken}`;
  // The functions a signed-in person or a form calls require it in production (docs/decisions/0124-app-check.md).
  const appCheckHeader = await appCheckToken();
  if (appCheckHeader) headers[APP_CHECK_HEADER] = appCheckHeader;
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  try {
    return await send(`${baseUrl}/${name}${search}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    return { reached: false, reason: 'unreachable' };
  }
}

/** The function's JSON answer (see requestFunction). */
export async function callFunction(name: string, call: FunctionCall = {}): Promise<FunctionAnswer> {
  const response = await requestFunction(name, call);
  if ('reached' in response) return response;
  return { reached: true, status: response.status, body: await jsonOf(response) };
}

/** The body as JSON, or null when it is not (a proxy's error page, an empty body): the caller
 *  judges by the status alone. */
export async function jsonOf(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `data` of a function's `{ statusCode, data }` success answer, when the status is `expected`. */
export function successData(answer: FunctionAnswer, expected: number): Record<string, unknown> | null {
  if (!answer.reached || answer.status !== expected || !isRecord(answer.body)) return null;
  return answer.body.statusCode === expected && isRecord(answer.body.data) ? answer.body.data : null;
}

/** The `{ error: { message, field } }` a function answers with when it refuses. */
export function refusalOf(answer: FunctionAnswer): { message: string | null; field?: string } {
  const error = answer.reached && isRecord(answer.body) && isRecord(answer.body.error) ? answer.body.error : null;
  const message = typeof error?.message === 'string' && error.message.trim() ? error.message.trim() : null;
  return { message, ...(typeof error?.field === 'string' ? { field: error.field } : {}) };
}

/** What a page says when the `service` (checkout, billing, …) could not be reached or refused. */
export function serviceMessages(service: string) {
  return {
    unreachable: `We could not reach the ${service} service. Check your connection and try again.`,
    refused: (status: number) => `The ${service} service refused the request (error ${status}). Please try again.`,
  } as const;
}
