/**
 * Disputes (`/v1/disputes`). On Stripe a dispute comes from the card network (in test mode, from
 * paying with a dispute test card); here a test control opens one on a charge (`POST /__disputes`)
 * and closes it as won or lost (`POST /__disputes/:id/close`). Opening sends
 * `charge.dispute.created` and marks the charge `disputed` (for good, as on Stripe); closing sends
 * `charge.dispute.closed`.
 */
import type Stripe from 'stripe';
import { customerNow, newBatch, type StandIn } from '../core/context';
import { invalidRequest, noSuch, found } from '../core/errors';
import { randomId } from '../core/ids';
import { getCharge, idOf } from './payments';
import type { DisputeRecord } from '../core/store';

const DAY_SECONDS = 86_400;
/** How long a merchant has to answer a card dispute in test mode. */
const EVIDENCE_DAYS = 7;

/** The statuses of a dispute still open; `won` and `lost` close it. */
const OPEN_STATUSES: readonly string[] = ['needs_response', 'under_review', 'warning_needs_response', 'warning_under_review'];

export const DISPUTE_REASONS = [
  'credit_not_processed',
  'duplicate',
  'fraudulent',
  'general',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
] as const;

export function getDispute(standIn: StandIn, id: string, param = 'id'): DisputeRecord {
  return found(standIn.store.disputes.get(id), () => noSuch('dispute', id, param));
}

function emptyEvidence(): Stripe.Dispute.Evidence {
  return {
    access_activity_log: null,
    billing_address: null,
    cancellation_policy: null,
    cancellation_policy_disclosure: null,
    cancellation_rebuttal: null,
    customer_communication: null,
    customer_email_address: null,
    customer_name: null,
    customer_purchase_ip: null,
    customer_signature: null,
    duplicate_charge_documentation: null,
    duplicate_charge_explanation: null,
    duplicate_charge_id: null,
    enhanced_evidence: {},
    product_description: null,
    receipt: null,
    refund_policy: null,
    refund_policy_disclosure: null,
    refund_refusal_explanation: null,
    service_date: null,
    service_documentation: null,
    shipping_address: null,
    shipping_carrier: null,
    shipping_date: null,
    shipping_documentation: null,
    shipping_tracking_number: null,
    uncategorized_file: null,
    uncategorized_text: null,
  };
}

export interface NewDispute {
  chargeId: string;
  /** Default: what the charge has not refunded. */
  amount?: number;
  /** Default `fraudulent`, what Stripe's dispute test card gives. */
  reason?: string;
}

/** Opens a dispute on the charge (`needs_response`): `charge.dispute.created`. Resolves once the
 *  event is delivered (with its retries), so a test can look at the shop at once. */
export async function openDispute(standIn: StandIn, input: NewDispute): Promise<Stripe.Dispute> {
  const { charge } = getCharge(standIn, input.chargeId, 'charge');
  if (charge.disputed) throw invalidRequest(`Charge ${charge.id} has already been disputed.`, 'charge', 'charge_disputed');
  const disputable = charge.amount - charge.amount_refunded;
  if (disputable <= 0) throw invalidRequest(`Charge ${charge.id} has been fully refunded; there is nothing to dispute.`, 'charge');
  const amount = input.amount ?? disputable;
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > disputable) {
    throw invalidRequest(`"amount" must be a whole number of cents from 1 to ${disputable}.`, 'amount');
  }
  const reason = input.reason ?? 'fraudulent';
  if (!(DISPUTE_REASONS as readonly string[]).includes(reason)) {
    throw invalidRequest(`"reason" must be one of ${DISPUTE_REASONS.join(', ')}.`, 'reason');
  }
  const at = customerNow(standIn, idOf(charge.customer));
  const dispute: Stripe.Dispute = {
    id: randomId('dp_', 24),
    object: 'dispute',
    amount,
    balance_transactions: [],
    charge: charge.id,
    created: at,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: emptyEvidence(),
    evidence_details: {
      due_by: at + EVIDENCE_DAYS * DAY_SECONDS,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: idOf(charge.payment_intent),
    reason,
    status: 'needs_response',
  };
  standIn.store.disputes.set(dispute.id, { dispute, seq: standIn.store.nextSeq() });
  charge.disputed = true;
  standIn.settings.log(`dispute ${dispute.id} opened on charge ${charge.id} (${amount} ${dispute.currency}, ${reason})`);
  const batch = newBatch(standIn);
  batch.emit('charge.dispute.created', dispute, at);
  await batch.deliver();
  return structuredClone(dispute);
}

/** Closes an open dispute as the card network decided: `charge.dispute.closed`. */
export async function closeDispute(standIn: StandIn, id: string, status: unknown): Promise<Stripe.Dispute> {
  if (status !== 'won' && status !== 'lost') throw invalidRequest('"status" must be "won" or "lost".', 'status');
  const { dispute } = getDispute(standIn, id);
  if (!OPEN_STATUSES.includes(dispute.status)) {
    throw invalidRequest(`Dispute ${dispute.id} is already closed (${dispute.status}).`, 'status');
  }
  const at = customerNow(standIn, idOf(standIn.store.charges.get(idOf(dispute.charge) ?? '')?.charge.customer));
  const batch = newBatch(standIn);
  batch.change('charge.dispute.closed', dispute, at, (changed) => {
    changed.status = status;
  });
  standIn.settings.log(`dispute ${dispute.id} closed: ${status}`);
  await batch.deliver();
  return structuredClone(dispute);
}
