/** What Stripe's refusals mean to the functions. */
import Stripe from 'stripe';

/** Stripe answered that it has no such object (404): deleted, never made, or made in another
 *  account or mode. An event about one is ignored, not retried: no redelivery would find it. */
export function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}

/** What `read` answers, or null where Stripe has no such object; any other failure is thrown. */
export async function unlessMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}
