/** Stripe's v1 error body, `{ error: { type, code?, message, param? } }`, and the wordings we copy. */

export interface StripeErrorBody {
  type: string;
  code?: string;
  message: string;
  param?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function invalidRequest(message: string, param?: string, code?: string, status = 400): StripeApiError {
  return new StripeApiError(status, { type: 'invalid_request_error', ...(code ? { code } : {}), message, ...(param ? { param } : {}) });
}

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
export const unknownParam = (param: string) => invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');

export const noApiKey = () =>
  invalidRequest(
    "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    undefined,
    undefined,
    401,
  );

/** Stripe shows the key's mode prefix and last four characters, nothing else. */
export function invalidApiKey(key: string): StripeApiError {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  const tail = key.length - prefix.length > 4 ? key.slice(-4) : '';
  const masked = `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - tail.length))}${tail}`;
  return invalidRequest(`Invalid API Key provided: ${masked}`, undefined, undefined, 401);
}

/** Stripe's 404 for an id that names nothing: `No such customer: 'cus_…'`. `param` is the
 *  parameter that carried the id (`id` when it was the URL's). */
export const noSuch = (noun: string, id: string, param = 'id') =>
  invalidRequest(`No such ${noun}: '${id}'`, param, 'resource_missing', 404);

/** The record looked up, or the "No such …" error `missing` makes when there is none. */
export function found<R>(record: R | undefined, missing: () => StripeApiError): R {
  if (!record) throw missing();
  return record;
}

export const noSuchSession = (id: string) => noSuch('checkout.session', id, 'session');
export const noSuchEvent = (id: string) => noSuch('event', id);
export const noSuchCustomer = (id: string, param = 'id') => noSuch('customer', id, param);
export const noSuchSubscription = (id: string, param = 'id') => noSuch('subscription', id, param);
export const noSuchInvoice = (id: string, param = 'id') => noSuch('invoice', id, param);
export const noSuchPaymentMethod = (id: string, param = 'id') => noSuch('PaymentMethod', id, param);
export const noSuchTestClock = (id: string, param = 'id') => noSuch('test_helpers.test_clock', id, param);

/** `expand[]` naming a field that is not expandable here. */
export const cannotExpand = (path: string) => invalidRequest(`This property cannot be expanded (${path}).`, 'expand');

export const idempotencyMismatch = (key: string) =>
  new StripeApiError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });

export const unrecognizedUrl = (method: string, path: string) =>
  invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    undefined,
    undefined,
    404,
  );
