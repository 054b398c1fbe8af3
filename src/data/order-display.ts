/** How an order reads on the orders page, the dashboard and the staff console: its plan, price per
 *  period, status (with refunds and disputes of its payments) and next payment, in the same words
 *  in every place. Pure. */
import { ADD_ON_LABELS } from '../catalog/add-ons';
import { INVOICE_MONEY_TEXTS, invoiceMoney } from '../catalog/invoice-money';
import { formatUsd } from '../catalog/money';
import { isPlanId, PLAN_NAMES } from '../catalog/plans';
import { periodSuffix, subscriptionState, subscriptionStatusLabel, type SubscriptionState } from '../catalog/subscription';
import { inRenewWindow } from '../catalog/term';
import { UNPAID_CHECKOUT_TEXTS } from '../catalog/unpaid-checkouts';
import { isOpenDispute, type InvoiceStatus, type Order, type OrderAddOns, type OrderInvoice } from './orders';

/** "Gold plan"; an unknown tier is shown as stored. */
export function planLabel(tier: string): string {
  return `${isPlanId(tier) ? PLAN_NAMES[tier] : tier} plan`;
}

export function addOnsText({ storage, security, marketing }: OrderAddOns): string {
  const chosen = [
    storage && `${ADD_ON_LABELS.storage} (${storage})`,
    security && ADD_ON_LABELS.security,
    marketing && ADD_ON_LABELS.marketing,
  ].filter(Boolean);
  return chosen.length ? chosen.join(', ') : 'None';
}

/** "$15,000.00 / month"; an old order whose period cannot be told says so rather than guess. */
export function amountText({ amount }: Pick<Order, 'amount'>): string {
  const money = formatUsd(amount.cents);
  return amount.period ? `${money} ${periodSuffix(amount.period)}` : `${money} (billing period not recorded)`;
}

/** "Oct 3, 2026": when the order was placed, in the reader's time zone. */
export function orderDateText(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** How a status looks: good (paid, active), waiting (unpaid, past due, ending), over (expired,
 *  canceled, ended) or failed. */
export type StatusTone = 'good' | 'waiting' | 'over' | 'failed';

export interface OrderStatus {
  label: string;
  tone: StatusTone;
}

const PAYMENT_STATUS_WORDS: Readonly<Record<string, OrderStatus>> = {
  paid: { label: 'Paid', tone: 'good' },
  unpaid: { label: 'Unpaid', tone: 'waiting' },
  expired: { label: 'Expired', tone: 'over' },
  failed: { label: 'Payment failed', tone: 'failed' },
};

const STATE_TONES: Readonly<Record<SubscriptionState['kind'], StatusTone>> = {
  active: 'good',
  'past-due': 'waiting',
  cancels: 'waiting',
  canceled: 'over',
  ended: 'over',
  pending: 'waiting',
};

/** A checkout that ended without a payment (Stripe expired it, or the payment failed): no
 *  subscription ever started, so there is nothing to follow or manage. */
export function isNeverPaid(order: Pick<Order, 'paymentStatus' | 'subscription'>): boolean {
  return (order.paymentStatus === 'expired' || order.paymentStatus === 'failed') && order.subscription?.subscriptionStatus === undefined;
}

/** A checkout the buyer left on Stripe's page before paying: no payment, no subscription from the
 *  webhook, and no return from Stripe's success URL recorded (checkoutCompletedAt). It can be
 *  completed while Stripe keeps the session open, or removed (src/catalog/unpaid-checkouts.ts). */
export function isNotPaidYet(order: Pick<Order, 'paymentStatus' | 'subscription' | 'checkoutCompletedAt'>): boolean {
  const { subscription } = order;
  return (
    order.paymentStatus === 'unpaid' &&
    subscription !== null &&
    subscription.subscriptionStatus === undefined &&
    order.checkoutCompletedAt === null
  );
}

/** An order the buyer may remove: never paid, and not waiting for a payment to be confirmed. */
export function isRemovable(order: Pick<Order, 'paymentStatus' | 'subscription' | 'checkoutCompletedAt'>): boolean {
  return isNotPaidYet(order) || isNeverPaid(order);
}

/** An order its buyer removed, left out of their lists; never one paid after all (Stripe's events
 *  may come in any order), which shows again. */
export function isRemovedByBuyer(order: Pick<Order, 'removedAt' | 'paymentStatus' | 'subscription'>): boolean {
  return order.removedAt !== null && order.paymentStatus !== 'paid' && order.subscription?.subscriptionStatus === undefined;
}

/** The words of refunds and disputes, made in Stripe's Dashboard and followed by the webhook
 *  (docs/decisions/0108-staff-console.md). */
export const PAYMENT_ISSUE_WORDS = {
  refunded: 'Refunded',
  disputed: 'Disputed',
  disputeLost: 'Dispute lost',
  disputeWon: 'Dispute won',
} as const;

/** "Refunded $250.00 of $7,500.00": part of a payment given back. */
export function partlyRefundedText(amountRefunded: number, chargeAmount: number): string {
  return `${PAYMENT_ISSUE_WORDS.refunded} ${formatUsd(amountRefunded)} of ${formatUsd(chargeAmount)}`;
}

type PaymentIssues = Partial<Pick<Order, 'refunds' | 'disputes'>>;

/**
 * What a refund or dispute of the order's payments says, over its plan's own status: an open
 * dispute (Disputed) or a lost one (the money went back through the card network) first, then the
 * refund of its latest refunded payment, in full (Refunded) or in part (with the amounts). A won
 * dispute changes nothing: the payment stands. Null when there is none of these.
 */
export function paymentIssue({ refunds = [], disputes = [] }: PaymentIssues): OrderStatus | null {
  if (disputes.some((dispute) => isOpenDispute(dispute.status))) return { label: PAYMENT_ISSUE_WORDS.disputed, tone: 'failed' };
  if (disputes.some((dispute) => dispute.status === 'lost')) return { label: PAYMENT_ISSUE_WORDS.disputeLost, tone: 'failed' };
  const [latest] = refunds;
  if (!latest) return null;
  if (latest.amountRefunded >= latest.chargeAmount) return { label: PAYMENT_ISSUE_WORDS.refunded, tone: 'over' };
  return { label: partlyRefundedText(latest.amountRefunded, latest.chargeAmount), tone: 'waiting' };
}

/** Each refund and dispute in words, newest payment first, for a page that lists them all (the
 *  staff console): "Refunded $250.00 of $7,500.00", "Disputed $7,500.00", "Dispute won". */
export function paymentIssueLines({ refunds = [], disputes = [] }: PaymentIssues): string[] {
  const refundLines = refunds.map((refund) =>
    refund.amountRefunded >= refund.chargeAmount
      ? `${PAYMENT_ISSUE_WORDS.refunded} ${formatUsd(refund.chargeAmount)}`
      : partlyRefundedText(refund.amountRefunded, refund.chargeAmount),
  );
  const disputeLines = disputes.map((dispute) => {
    if (isOpenDispute(dispute.status)) return `${PAYMENT_ISSUE_WORDS.disputed} ${formatUsd(dispute.amount)}`;
    if (dispute.status === 'won') return PAYMENT_ISSUE_WORDS.disputeWon;
    if (dispute.status === 'lost') return PAYMENT_ISSUE_WORDS.disputeLost;
    return `Dispute closed (${dispute.status})`;
  });
  return [...disputeLines, ...refundLines];
}

/** The order's payment_status in words; for a subscription, what Stripe last said of it, unless a
 *  refund or dispute of its payments says more (paymentIssue). A checkout that was never paid ends
 *  as Expired (or Payment failed), whatever else it carries. */
export function orderStatus(order: Pick<Order, 'paymentStatus' | 'subscription' | 'checkoutCompletedAt'> & PaymentIssues): OrderStatus {
  const issue = paymentIssue(order);
  if (issue) return issue;
  const { subscription, paymentStatus } = order;
  if (isNotPaidYet(order)) return { label: UNPAID_CHECKOUT_TEXTS.notPaid, tone: 'waiting' };
  if (subscription && !isNeverPaid(order)) {
    const state = subscriptionState(subscription);
    return { label: subscriptionStatusLabel(state), tone: STATE_TONES[state.kind] };
  }
  return PAYMENT_STATUS_WORDS[paymentStatus] ?? { label: paymentStatus, tone: 'over' };
}

/** The next charge (ms), while one is still due: not after the last payment of the term, nor after
 *  the date the subscription was canceled for. */
export function nextPayment(order: Pick<Order, 'subscription'>): number | null {
  const { subscription } = order;
  if (!subscription) return null;
  const state = subscriptionState(subscription);
  const { currentPeriodEnd, paymentsMade = 0, termPayments } = subscription;
  if (currentPeriodEnd === undefined || paymentsMade >= termPayments) return null;
  if (state.kind === 'active' || state.kind === 'past-due') return currentPeriodEnd;
  if (state.kind === 'cancels' && state.at > currentPeriodEnd) return currentPeriodEnd;
  return null;
}

/** A plan the customer has now: its subscription is active, past due, or canceled for a date
 *  still to come. */
export function isLivePlan(order: Pick<Order, 'subscription'>): boolean {
  if (!order.subscription?.subscriptionStatus) return false;
  const { kind } = subscriptionState(order.subscription);
  return kind === 'active' || kind === 'past-due' || kind === 'cancels';
}

function runningPlanState(order: Pick<Order, 'subscription' | 'tier'>): SubscriptionState['kind'] | null {
  if (!order.subscription?.subscriptionId || !isPlanId(order.tier) || order.tier === 'magento') return null;
  return subscriptionState(order.subscription).kind;
}

/** An order whose plan can be changed: a subscription of a plan sold online that Stripe bills
 *  normally now (docs/decisions/0114-plan-changes-and-proration.md). */
export function isChangeablePlan(order: Pick<Order, 'subscription' | 'tier'>): boolean {
  return runningPlanState(order) === 'active';
}

/** When the current term ends, for a plan that runs to it (not one canceled for an earlier date,
 *  which says "Cancels on …" instead); null otherwise. */
export function termEndOf(order: Pick<Order, 'subscription' | 'tier'>): number | null {
  const termEndsAt = order.subscription?.termEndsAt;
  const kind = runningPlanState(order);
  return termEndsAt !== undefined && (kind === 'active' || kind === 'past-due') ? termEndsAt : null;
}

/** Renew is offered in the last days of the term (docs/decisions/0115-the-term-ends-unless-renewed.md). */
export function canRenew(order: Pick<Order, 'subscription' | 'tier'>, now: number): boolean {
  const end = termEndOf(order);
  return end !== null && inRenewWindow(end, now);
}

/** Orders whose buyer was told the term ends, for a date still ahead: the dashboard's notices. A
 *  notice of a term since renewed (the order's term end moved on) is no longer one. */
export function ordersWithTermNotice(orders: readonly Order[], now: number): Order[] {
  return orders.filter((order) => {
    const notice = order.termNotice;
    if (!notice || notice.termEndsAt <= now || !isLivePlan(order)) return false;
    const termEndsAt = order.subscription?.termEndsAt;
    return termEndsAt === undefined || termEndsAt === notice.termEndsAt;
  });
}

const INVOICE_STATUS_WORDS: Readonly<Record<InvoiceStatus, OrderStatus>> = {
  draft: { label: 'Draft', tone: 'waiting' },
  open: { label: 'Open', tone: 'waiting' },
  paid: { label: 'Paid', tone: 'good' },
  void: { label: 'Void', tone: 'over' },
  uncollectible: { label: 'Uncollectible', tone: 'failed' },
};

/** A paid invoice of a negative total paid nothing: Stripe moved it to the customer's balance, so
 *  it is said as where the credit went, not "Paid" (src/catalog/invoice-money.ts). */
export function invoiceStatus(invoice: Pick<OrderInvoice, 'status' | 'total' | 'tax'>): OrderStatus {
  if (invoice.status === 'paid' && invoiceMoney(invoice).kind === 'credit') return { label: INVOICE_MONEY_TEXTS.toBalance, tone: 'good' };
  return INVOICE_STATUS_WORDS[invoice.status];
}
