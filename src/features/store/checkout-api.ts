/** The browser side of checkout: posts the page's choices to the stripeCheckout function and reads
 *  its answer (docs/decisions/0006-server-priced-checkout.md). The function prices the order itself; this module only
 *  carries the request and never trusts the shape of what comes back. */
import {
  CHECKOUT_CANCELED,
  CHECKOUT_SESSION_ID_TEMPLATE,
  CHECKOUT_SESSION_PARAM,
  buildCheckoutRequest,
  isHttpUrl,
  type CheckoutChoices,
  type CheckoutPageUrls,
  type CheckoutRequest,
} from '@/catalog/checkout';
import type { PlanId } from '@/catalog/plans';
import { paths } from '@/config/paths';
import { callFunction, refusalOf, serviceMessages, successData, type FunctionAnswer } from '@/firebase/functions';
import { planImageUrl } from './plan-media';

export type CheckoutOutcome =
  { ok: true; sessionId: string; url: string; orderId: string } | { ok: false; message: string; status?: number; field?: string };

export const CHECKOUT_MESSAGES = {
  notConfigured: 'Checkout is not set up on this site yet. Please call us to order.',
  signInFailed: 'We could not confirm your sign-in. Sign in again, then retry.',
  unexpectedAnswer: 'The checkout service gave an answer we did not understand. Please try again.',
  ...serviceMessages('checkout'),
} as const;

export interface PostCheckoutOptions {
  /** The functions' base URL; defaults to functionsBaseUrl() of the build. */
  baseUrl?: string | null;
  fetch?: typeof fetch;
}

/** Reads the function's answer: a 201 with a usable hosted-payment URL, or the message to show. */
export function readCheckoutAnswer(answer: FunctionAnswer): CheckoutOutcome {
  if (!answer.reached) {
    return { ok: false, message: answer.reason === 'not-configured' ? CHECKOUT_MESSAGES.notConfigured : CHECKOUT_MESSAGES.unreachable };
  }
  const { status } = answer;
  const data = successData(answer, 201);
  if (data) {
    const { id, url, orderId } = data;
    if (typeof id === 'string' && typeof orderId === 'string' && isHttpUrl(url)) return { ok: true, sessionId: id, url, orderId };
    return { ok: false, status, message: CHECKOUT_MESSAGES.unexpectedAnswer };
  }
  // A success status without the promised body cannot be followed anywhere.
  if (status >= 200 && status < 300) return { ok: false, status, message: CHECKOUT_MESSAGES.unexpectedAnswer };
  const { message, field } = refusalOf(answer);
  return { ok: false, status, message: message ?? CHECKOUT_MESSAGES.refused(status), ...(field ? { field } : {}) };
}

/** POSTs the request as JSON to `<functions>/stripeCheckout`, with the ID token when there is one. */
export async function postCheckout(
  request: CheckoutRequest,
  idToken: string | null,
  options: PostCheckoutOptions = {},
): Promise<CheckoutOutcome> {
  // A guest's page has not started Firebase: App Check starts first where the build has it (docs/decisions/0124-app-check.md).
  return readCheckoutAnswer(await callFunction('stripeCheckout', { body: request, idToken, appCheck: true, ...options }));
}

/** Where the buyer's ID token comes from; null for a visitor. */
export type IdTokenSource = () => Promise<string | null>;

/** Asks Firebase Auth itself, loading it only now, so the store's pages do not carry it: for when
 *  the page does not know yet who is signed in. */
const sessionIdToken: IdTokenSource = async () => (await import('@/session/session-api')).currentIdToken();

export interface CheckoutPage {
  /** The site's origin, e.g. https://leopard.example.com. */
  origin: string;
  /** The product-details address the buyer is on; Stripe's Cancel comes back here. */
  currentUrl: string;
}

/** Where Stripe sends the buyer back, with the session id Stripe fills in. A signed-in buyer lands
 *  on the order history, where the order turns active live (the id tells it which order the buyer
 *  paid for: "Confirming your payment…", not "Not paid yet"); a visitor has no order history, so
 *  lands on the thank-you page, which shows what was bought (checkoutSummary). */
export function checkoutUrls(plan: PlanId, signedIn: boolean, { origin, currentUrl }: CheckoutPage): CheckoutPageUrls {
  return {
    imageURL: planImageUrl(plan, origin),
    successURL: `${new URL(signedIn ? paths.orderHistory : paths.thankYou, origin).toString()}?${CHECKOUT_SESSION_PARAM}=${CHECKOUT_SESSION_ID_TEMPLATE}`,
    cancelURL: canceledUrl(currentUrl),
  };
}

/** The plan page the buyer is on, marked so that Stripe's Cancel is said there. */
function canceledUrl(currentUrl: string): string {
  const url = new URL(currentUrl);
  url.searchParams.set(CHECKOUT_CANCELED.param, CHECKOUT_CANCELED.value);
  return url.toString();
}

/** Starts checkout for these choices: the token (when signed in), then the call. Never throws. */
export async function startCheckout(
  choices: CheckoutChoices,
  page: CheckoutPage,
  idTokenOf: IdTokenSource = sessionIdToken,
): Promise<CheckoutOutcome> {
  let idToken: string | null;
  try {
    idToken = await idTokenOf();
  } catch {
    return { ok: false, message: CHECKOUT_MESSAGES.signInFailed };
  }
  return postCheckout(buildCheckoutRequest(choices, checkoutUrls(choices.plan, idToken !== null, page)), idToken);
}
