/** The checkout call between the product-details page and the stripeCheckout function: what the
 *  browser sends, how the function checks it, and what it answers. Shared so both sides agree. */
import { isTradeInProvider, type TradeInProviderId } from './add-ons';
import { isPlanId, isPricedPlan, PLAN_DETAILS, PLAN_NAMES, type PricedPlanId } from './plans';
import { isBillingPeriod, priceConfiguration, type BillingPeriod, type Charges, type PlanConfiguration } from './pricing';
import { isServiceId, SERVICE_LABELS, type ServiceId } from './services';

export interface CheckoutChoices extends PlanConfiguration {
  service: ServiceId;
  /** The platform of an application the customer trades in; null when they have none. */
  tradeIn: TradeInProviderId | null;
}

/** The JSON body of POST stripeCheckout: the choices, plus the specified payload fields (docs/product.md#checkout),
 *  which the function checks against the catalogue rather than trusts. */
export interface CheckoutRequest extends CheckoutChoices {
  productTitle: string;
  /** The plan's engineers. */
  developersAmount: number;
  /** The plan's picture for the Stripe page. Optional (absent or "": no picture); the function
   *  takes only one from the site's own images. */
  imageURL?: string;
  /** The amount due in integer cents, as the page showed it. */
  productAmount: number;
  successURL: string;
  cancelURL: string;
}

export interface CheckoutCreated {
  statusCode: 201;
  /** id: the Stripe Checkout session; url: its hosted payment page; orderId: all_orders/{orderId}. */
  data: { id: string; url: string; orderId: string };
}

export interface CheckoutRefused {
  statusCode: number;
  error: { message: string; field?: string };
}

export type CheckoutResponse = CheckoutCreated | CheckoutRefused;

export const URL_MAX_LENGTH = 2048;
export const PRODUCT_TITLE_MAX_LENGTH = 200;

/** The name a plan is sold under: on the Stripe page and on the order. */
export function productTitle(service: ServiceId, plan: PricedPlanId, period: BillingPeriod): string {
  return `${SERVICE_LABELS[service]} — ${PLAN_NAMES[plan]} plan, billed ${period}`;
}

/** A plan on its own: billed monthly, no add-ons, nothing traded in. */
export function planOnly(service: ServiceId, plan: PricedPlanId): CheckoutChoices {
  return { service, plan, period: 'monthly', storage: false, security: false, marketing: false, tradeIn: null };
}

export interface CheckoutPageUrls {
  imageURL: string;
  successURL: string;
  cancelURL: string;
}

/** The request the page sends for these choices. */
export function buildCheckoutRequest(choices: CheckoutChoices, urls: CheckoutPageUrls): CheckoutRequest {
  return {
    ...choices,
    ...urls,
    productTitle: productTitle(choices.service, choices.plan, choices.period),
    developersAmount: PLAN_DETAILS[choices.plan].figures?.engineers ?? 0,
    productAmount: priceConfiguration(choices).amountDueCents,
  };
}

export type CheckoutValidation = { ok: true; request: CheckoutRequest; charges: Charges } | { ok: false; field: string; message: string };

function refuse(field: string, message: string): CheckoutValidation {
  return { ok: false, field, message };
}

/** An http(s) address of at most URL_MAX_LENGTH characters. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > URL_MAX_LENGTH) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const KNOWN_FIELDS = new Set<string>([
  'service',
  'plan',
  'period',
  'storage',
  'security',
  'marketing',
  'tradeIn',
  'productTitle',
  'developersAmount',
  'imageURL',
  'productAmount',
  'successURL',
  'cancelURL',
]);

/** Checks a checkout body field by field against the catalogue, and recomputes its price. The
 *  first problem found is answered, with the field it concerns. */
export function validateCheckoutRequest(body: unknown): CheckoutValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse('body', 'The request body must be a JSON object.');
  const input = body as Record<string, unknown>;
  const unknownField = Object.keys(input).find((key) => !KNOWN_FIELDS.has(key));
  if (unknownField) return refuse(unknownField, `Unknown field "${unknownField}".`);

  const { service, plan, period, storage, security, marketing, tradeIn } = input;
  if (!isServiceId(service)) return refuse('service', `Unknown service "${String(service)}".`);
  if (!isPlanId(plan)) return refuse('plan', `Unknown plan "${String(plan)}".`);
  if (!isPricedPlan(plan))
    return refuse('plan', `The ${PLAN_NAMES[plan]} plan is pay as you go and cannot be bought online; please call us.`);
  if (!isBillingPeriod(period)) return refuse('period', 'The billing period must be "monthly" or "yearly".');
  for (const [field, value] of Object.entries({ storage, security, marketing })) {
    if (typeof value !== 'boolean') return refuse(field, `"${field}" must be true or false.`);
  }
  if (tradeIn !== null && !isTradeInProvider(tradeIn)) return refuse('tradeIn', `Unknown trade-in platform "${String(tradeIn)}".`);

  const choices: CheckoutChoices = {
    service,
    plan,
    period,
    tradeIn,
    storage: storage as boolean,
    security: security as boolean,
    marketing: marketing as boolean,
  };
  const charges = priceConfiguration(choices);

  const { productTitle: title, developersAmount, imageURL, productAmount, successURL, cancelURL } = input;
  if (typeof title !== 'string' || title.length < 1 || title.length > PRODUCT_TITLE_MAX_LENGTH) {
    return refuse('productTitle', `productTitle must be 1 to ${PRODUCT_TITLE_MAX_LENGTH} characters.`);
  }
  if (developersAmount !== PLAN_DETAILS[plan].figures?.engineers) {
    return refuse(
      'developersAmount',
      `The ${PLAN_NAMES[plan]} plan has ${PLAN_DETAILS[plan].figures?.engineers} engineers, not ${String(developersAmount)}.`,
    );
  }
  if (typeof productAmount !== 'number' || !Number.isSafeInteger(productAmount)) {
    return refuse('productAmount', 'productAmount must be an amount in integer cents.');
  }
  if (productAmount !== charges.amountDueCents) {
    return refuse(
      'productAmount',
      `The amount ${productAmount} does not match the price of this configuration (${charges.amountDueCents} cents). Reload the page and try again.`,
    );
  }
  if (imageURL !== undefined && imageURL !== '' && !isHttpUrl(imageURL)) {
    return refuse('imageURL', `imageURL must be empty or an http(s) address of at most ${URL_MAX_LENGTH} characters.`);
  }
  for (const [field, value] of Object.entries({ successURL, cancelURL })) {
    if (!isHttpUrl(value)) return refuse(field, `${field} must be an http(s) address of at most ${URL_MAX_LENGTH} characters.`);
  }

  return {
    ok: true,
    charges,
    request: {
      ...choices,
      productTitle: title,
      developersAmount: developersAmount as number,
      productAmount,
      ...(imageURL ? { imageURL: imageURL as string } : {}),
      successURL: successURL as string,
      cancelURL: cancelURL as string,
    },
  };
}

/** Stripe fills this into a success URL with the Checkout session's id when it redirects. A
 *  visitor's success URL is /thank-you?session_id={CHECKOUT_SESSION_ID}, and the thank-you page
 *  passes the id on to checkoutSummary. */
export const CHECKOUT_SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

/** The success URL's query parameter that carries the Checkout session id (the thank-you page's
 *  and the order history's). */
export const CHECKOUT_SESSION_PARAM = 'session_id';

/** Stripe's Cancel comes back to the plan page with `?checkout=canceled`, which the page says in
 *  these words (once: the parameter is then dropped from the address), with the configuration as
 *  it was (docs/decisions/0050-where-checkout-returns.md#addendum-2026-11-29-cancel-says-so). */
export const CHECKOUT_CANCELED = { param: 'checkout', value: 'canceled', text: 'Checkout canceled — nothing was charged.' } as const;

/** Checkout session ids as Stripe makes them; anything else is not sent anywhere. */
export function isCheckoutSessionId(value: string | null): value is string {
  return value !== null && /^cs_[A-Za-z0-9_]{1,255}$/.test(value);
}

/** GET checkoutSummary?session_id=cs_…: what the thank-you page shows of a visitor's purchase,
 *  and nothing more (no email, no Stripe ids). Answered `{ statusCode: 200, data }`. */
export interface CheckoutSummary {
  service: ServiceId;
  plan: PricedPlanId;
  period: BillingPeriod;
  /** Integer cents charged every billing period. */
  amountPerPeriod: number;
  /** Payments in the 12-month term: 12 (monthly) or 1 (yearly). */
  termPayments: number;
  /** Paid invoices so far (0 until Stripe's first payment has reached the webhook). */
  paymentsMade: number;
  /** Stripe's subscription status; null until the webhook has heard of the subscription. */
  subscriptionStatus: string | null;
  /** The order's id, which the buyer quotes to us. */
  orderReference: string;
  /** The add-ons bought with the plan (the storage add-on's size, e.g. "500GB"). */
  addOns: { storage: string | null; security: boolean; marketing: boolean };
  /** What Stripe charged at checkout (integer cents), as the webhook kept it from the completed
   *  session; null until it has. */
  charged: CheckoutCharged | null;
}

export interface CheckoutCharged {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  promotionCode: string | null;
}

export interface CheckoutSummaryFound {
  statusCode: 200;
  data: CheckoutSummary;
}

/** POST stripePortal (Authorization: Bearer <ID token>): the body names only where the portal's
 *  "Return" link goes, an address on the site. The customer is always the caller's own. */
export interface PortalRequest {
  returnURL: string;
}

/** Answered 201: the Stripe Billing Portal session's hosted page, to redirect to. */
export interface PortalCreated {
  statusCode: 201;
  data: { url: string };
}

/** POST claimGuestOrders (Authorization: Bearer <ID token>): a guest's order joins the caller's
 *  account only by proof of purchase, never by an email that matches: the Checkout session Stripe
 *  sent the buyer back with (`/thank-you?session_id=…`), or the claim link mailed to the address
 *  given at checkout (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). Exactly one of
 *  the two. */
export type GuestOrderClaimRequest = { sessionId: string } | { token: string };

/** Answered 200. `linked`: true when this call attached the order, false when it was the caller's
 *  already (a second visit of the page or the link). */
export interface GuestOrderClaimed {
  statusCode: 200;
  data: { orderId: string; linked: boolean };
}

/** The claim link's query parameter: paths.claimOrder?token=…. */
export const CLAIM_TOKEN_PARAM = 'token';

/** A claim link's token: the order's id, a dot, and 32 random bytes in base64url. Only its hash is
 *  stored; the order id in front lets the function find that hash without an index. */
const CLAIM_TOKEN_PATTERN = /^[-0-9A-Za-z_]{20}\.[-0-9A-Za-z_]{43}$/;

export function isClaimToken(value: unknown): value is string {
  return typeof value === 'string' && CLAIM_TOKEN_PATTERN.test(value);
}

/** How long a claim link works. */
export const CLAIM_LINK_DAYS = 30;

/** What the thank-you page and the claim link's page tell a person about a guest order: defined
 *  once, shown in both. */
export const GUEST_ORDER_TEXTS = {
  added: 'This order is now in your account: follow its payments and manage billing from your orders.',
  alreadyYours: 'This order is already in your account.',
  visitorHow: `To keep this order in an account, create one or sign in from this page: you come back here and the order is added. Or use the link in the email we sent to the address you paid with (it works for ${CLAIM_LINK_DAYS} days).`,
  linkVisitor: 'Sign in or create an account to add this order to it: you come back here and the order is added.',
  adding: 'Adding this order to your account…',
} as const;
