/**
 * A declared trade-in as everyone reads it: the customer's order card, the staff console, the
 * mails and the data export say the same state in the same words, and the `staff` function and the
 * console refuse the same orders for the same reason (docs/decisions/0108-staff-console.md#addendum-2026-11-29-trade-ins-the-customer-sees-and-staff-decide).
 * Pure: no React, no Firebase (bundled by the functions too).
 */
import { isTradeInProvider, TRADE_IN_PROVIDER_LABELS } from '../catalog/add-ons';
import { formatUsd } from '../catalog/money';
import { isEndedSubscriptionStatus } from '../catalog/subscription';

/** Where a declared trade-in stands: nobody decided yet, an admin's credit on its way to Stripe,
 *  credited, or declined by an admin. */
export const TRADE_IN_STATES = ['awaiting', 'crediting', 'credited', 'declined'] as const;
export type TradeInState = (typeof TRADE_IN_STATES)[number];

export function isTradeInState(value: unknown): value is TradeInState {
  return (TRADE_IN_STATES as readonly unknown[]).includes(value);
}

export interface DeclaredTradeIn {
  /** The platform the buyer named ("WordPress"), or null when the order did not name one. */
  platform: string | null;
  state: TradeInState;
  /** Integer cents credited, once credited. */
  creditedCents: number | null;
}

/** The fields of all_orders/{id} a declared trade-in is read from, as stored (any may be odd). */
export interface TradeInFields {
  applicationExist?: unknown;
  modelExistsOn?: unknown;
  tradeIn?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function platformLabel(modelExistsOn: unknown): string | null {
  if (typeof modelExistsOn !== 'string' || modelExistsOn === '') return null;
  return isTradeInProvider(modelExistsOn) ? TRADE_IN_PROVIDER_LABELS[modelExistsOn] : modelExistsOn;
}

/** The order's declared trade-in, or null when the buyer declared none. */
export function declaredTradeIn(order: TradeInFields): DeclaredTradeIn | null {
  if (order.applicationExist !== true) return null;
  const record = isRecord(order.tradeIn) ? order.tradeIn : {};
  const state: TradeInState =
    record.status === 'crediting' || record.status === 'credited' || record.status === 'declined' ? record.status : 'awaiting';
  const amount = record.amount;
  const creditedCents = state === 'credited' && Number.isSafeInteger(amount) && (amount as number) > 0 ? (amount as number) : null;
  return { platform: platformLabel(order.modelExistsOn), state, creditedCents };
}

/** The state in words: "awaiting review", "credited $750", "declined". */
export function tradeInStateText({ state, creditedCents }: Pick<DeclaredTradeIn, 'state' | 'creditedCents'>): string {
  switch (state) {
    case 'awaiting':
      return 'awaiting review';
    case 'crediting':
      return 'being credited';
    case 'credited':
      return creditedCents !== null ? `credited ${formatUsd(creditedCents, { trimZeroCents: true })}` : 'credited';
    case 'declined':
      return 'declined';
  }
}

/** "Trade-in: WordPress — awaiting review". */
export function tradeInLine(tradeIn: DeclaredTradeIn): string {
  return `Trade-in: ${tradeIn.platform ?? 'platform not named'} — ${tradeInStateText(tradeIn)}`;
}

/** The fields of an order that decide whether its trade-in can be credited, as stored. */
export interface TradeInCreditFields {
  applicationExist?: unknown;
  customerId?: unknown;
  payment_status?: unknown;
  paymentsMade?: unknown;
  subscriptionStatus?: unknown;
}

/** Why an order's trade-in cannot be credited, in the words staff read before and after a press. */
export const TRADE_IN_REFUSALS = {
  notDeclared: 'The order declared no application to trade in.',
  noCustomer: 'The order has no Stripe customer to credit yet.',
  unpaid: 'The order has not been paid, so there is no plan to credit.',
  ended: 'The plan has ended: no invoice is left to take the credit.',
} as const;

/** Why the order cannot take a trade-in credit, or null when it can: it declared an application to
 *  trade in, its buyer is a Stripe customer, and its plan was paid and has not ended (the credit is
 *  taken by a next invoice). */
export function tradeInIneligibility(order: TradeInCreditFields): string | null {
  if (order.applicationExist !== true) return TRADE_IN_REFUSALS.notDeclared;
  const paid = order.payment_status === 'paid' || (typeof order.paymentsMade === 'number' && order.paymentsMade >= 1);
  if (!paid) return TRADE_IN_REFUSALS.unpaid;
  if (isEndedSubscriptionStatus(order.subscriptionStatus)) return TRADE_IN_REFUSALS.ended;
  // Stripe's customer id, as functions/src/stripe/stripe-ids.ts accepts it.
  if (typeof order.customerId !== 'string' || !/^cus_[A-Za-z0-9_]{1,255}$/.test(order.customerId)) return TRADE_IN_REFUSALS.noCustomer;
  return null;
}
