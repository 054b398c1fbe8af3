import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { unlessMissing } from './stripe-errors';

/** A refusal as the SDK raises it for an answer of `statusCode`. */
function refusal(statusCode: number, type: 'invalid_request_error' | 'api_error' = 'invalid_request_error') {
  return Stripe.errors.StripeError.generate({ type, statusCode, message: `Stripe answered ${statusCode}`, code: 'resource_missing' });
}

describe('unlessMissing', () => {
  it('answers what Stripe read', async () => {
    await expect(unlessMissing(Promise.resolve({ id: 'sub_1' }))).resolves.toEqual({ id: 'sub_1' });
  });

  it('answers null where Stripe has no such object (404)', async () => {
    await expect(unlessMissing(Promise.reject(refusal(404)))).resolves.toBeNull();
  });

  it('throws every other refusal, so the webhook answers 5xx and Stripe delivers again', async () => {
    await expect(unlessMissing(Promise.reject(refusal(400)))).rejects.toThrow('Stripe answered 400');
    await expect(unlessMissing(Promise.reject(refusal(500, 'api_error')))).rejects.toThrow('Stripe answered 500');
    await expect(unlessMissing(Promise.reject(new Error('socket hang up')))).rejects.toThrow('socket hang up');
  });
});
