/**
 * Refunds (`/v1/refunds`): full or partial, of a charge or of a PaymentIntent's charge, refused as
 * Stripe refuses them (more than what remains, a charge already refunded, a charge under
 * dispute). A refund succeeds at once (card refunds are `succeeded` in test mode) and sends
 * `charge.refunded` (the charge, with `amount_refunded` and `refunded` in `previous_attributes`)
 * and `refund.created`.
 */
import { type StandIn } from '../core/context';
import { invalidRequest, noSuch, found } from '../core/errors';
import { getCharge, getPaymentIntent, idOf } from './payments';
import type { ChargeRecord, RefundRecord } from '../core/store';

export function getRefund(standIn: StandIn, id: string): RefundRecord {
  return found(standIn.store.refunds.get(id), () => noSuch('refund', id));
}

/** The charge a refund request names: `charge`, or the latest charge of `payment_intent`. */
export function chargeToRefund(standIn: StandIn, chargeId: string | undefined, paymentIntentId: string | undefined): ChargeRecord {
  if (chargeId !== undefined && paymentIntentId !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: charge, payment_intent.', 'charge');
  }
  if (chargeId !== undefined) return getCharge(standIn, chargeId, 'charge');
  if (paymentIntentId === undefined) {
    throw invalidRequest(
      'One of the following params should be provided for this request: payment_intent or charge.',
      undefined,
      'parameter_missing',
    );
  }
  const latest = idOf(getPaymentIntent(standIn, paymentIntentId, 'payment_intent').paymentIntent.latest_charge);
  const charge = latest === null ? undefined : standIn.store.charges.get(latest);
  if (!charge || charge.charge.status !== 'succeeded') {
    throw invalidRequest(`This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`, 'payment_intent');
  }
  return charge;
}
