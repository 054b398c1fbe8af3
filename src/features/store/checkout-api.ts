/** The browser side of checkout: posts the page's choices to the stripeCheckout function and reads
 *  its answer (architecture decision 4). The function prices the order itself; this module only
 *  carries the request and never trusts the shape of what comes back. */
import { buildCheckoutRequest, isHttpUrl, type CheckoutChoices, type CheckoutPageUrls, type CheckoutRequest } from '@/catalog/checkout';
import type { PlanId } from '@/catalog/plans';
import { paths } from '@/config/paths';
import { functionsBaseUrl } from '@/firebase/config';
import { planImageUrl } from './plan-media';

export type CheckoutOutcome =
  | { ok: true; sessionId: string; url: string; orderId: string }
  | { ok: false; message: string; status?: number; field?: string };

export const CHECKOUT_MESSAGES = {
  notConfigured: 'Checkout is not set up on this site yet. Please call us to order.',
  unreachable: 'We could not reach the checkout service. Check your connection and try again.',
  signInFailed: 'We could not confirm your sign-in. Sign in again, then retry.',
  unexpectedAnswer: 'The checkout service gave an answer we did not understand. Please try again.',
  refused: (status: number) => `The checkout service refused the request (error ${status}). Please try again.`,
} as const;

export interface PostCheckoutOptions {
  /** The functions' base URL; defaults to functionsBaseUrl() of the build. */
  baseUrl?: string | null;
  fetch?: typeof fetch;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the function's answer: a 201 with a usable hosted-payment URL, or the message to show. */
export function readCheckoutAnswer(status: number, body: unknown): CheckoutOutcome {
  if (status === 201 && isRecord(body) && body.statusCode === 201 && isRecord(body.data)) {
    const { id, url, orderId } = body.data;
    if (typeof id === 'string' && typeof orderId === 'string' && isHttpUrl(url)) {
      return { ok: true, sessionId: id, url, orderId };
    }
    return { ok: false, status, message: CHECKOUT_MESSAGES.unexpectedAnswer };
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  const serverMessage = typeof error?.message === 'string' && error.message.trim() ? error.message.trim() : null;
  const field = typeof error?.field === 'string' ? error.field : undefined;
  // A success status without the promised body cannot be followed anywhere.
  if (status >= 200 && status < 300) return { ok: false, status, message: CHECKOUT_MESSAGES.unexpectedAnswer };
  return { ok: false, status, message: serverMessage ?? CHECKOUT_MESSAGES.refused(status), ...(field ? { field } : {}) };
}

/** POSTs the request as JSON to `<functions>/stripeCheckout`, with the ID token when there is one. */
export async function postCheckout(
  request: CheckoutRequest,
  idToken: string | null,
  { baseUrl = functionsBaseUrl(), fetch: send = globalThis.fetch }: PostCheckoutOptions = {},
): Promise<CheckoutOutcome> {
  if (!baseUrl) return { ok: false, message: CHECKOUT_MESSAGES.notConfigured };
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (idToken) headers.Authorization = `Bearer ${idToken}`;

  let response: Response;
  try {
    response = await send(`${baseUrl}/stripeCheckout`, { method: 'POST', headers, body: JSON.stringify(request) });
  } catch {
    return { ok: false, message: CHECKOUT_MESSAGES.unreachable };
  }

  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // Not JSON (a proxy's error page, an empty body): judged by the status alone below.
  }
  return readCheckoutAnswer(response.status, body);
}

/** The signed-in user's ID token, or null for a visitor. Firebase Auth is loaded only now, so the
 *  store's pages do not carry it. A build without Firebase configuration has no signed-in users. */
export async function currentIdToken(): Promise<string | null> {
  const { getAuthClient, FirebaseSetupError } = await import('@/firebase/clients');
  try {
    const auth = await getAuthClient();
    await auth.authStateReady();
    return (await auth.currentUser?.getIdToken()) ?? null;
  } catch (error) {
    if (error instanceof FirebaseSetupError) return null;
    throw error;
  }
}

export interface CheckoutPage {
  /** The site's origin, e.g. https://leopard.example.com. */
  origin: string;
  /** The product-details address the buyer is on; Stripe's Cancel comes back here. */
  currentUrl: string;
}

/** Where Stripe sends the buyer back. A signed-in buyer lands on the order history, where the
 *  order turns "paid" live; a visitor has no order history, so lands on the thank-you page. */
export function checkoutUrls(plan: PlanId, signedIn: boolean, { origin, currentUrl }: CheckoutPage): CheckoutPageUrls {
  return {
    imageURL: planImageUrl(plan, origin),
    successURL: new URL(signedIn ? paths.orderHistory : paths.thankYou, origin).toString(),
    cancelURL: currentUrl,
  };
}

/** Starts checkout for these choices: the token (when signed in), then the call. Never throws. */
export async function startCheckout(choices: CheckoutChoices, page: CheckoutPage): Promise<CheckoutOutcome> {
  let idToken: string | null;
  try {
    idToken = await currentIdToken();
  } catch {
    return { ok: false, message: CHECKOUT_MESSAGES.signInFailed };
  }
  return postCheckout(buildCheckoutRequest(choices, checkoutUrls(choices.plan, idToken !== null, page)), idToken);
}
