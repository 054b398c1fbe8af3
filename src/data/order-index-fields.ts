/**
 * all_orders/<id>/tradeInState: the state of an order's declared trade-in (TradeInState of
 * src/data/trade-in.ts) stored beside the order, so the console's trade-ins page reads a page of one
 * state with orderByChild('tradeInState') instead of every order with a trade-in
 * (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page). Written where an
 * order is created and wherever its trade-in changes, and by the list-index backfill. Pure.
 */
import { declaredTradeIn, type TradeInFields, type TradeInState } from './trade-in';

export const TRADE_IN_STATE_FIELD = 'tradeInState';

/** The state its trade-in is in, or null when the order declared none. */
export function tradeInStateOf(order: TradeInFields): TradeInState | null {
  return declaredTradeIn(order)?.state ?? null;
}

/** The order with tradeInState as its trade-in now stands: set when it declared one, absent when not. */
export function withTradeInState<T extends TradeInFields>(order: T): T & { tradeInState?: TradeInState } {
  const { [TRADE_IN_STATE_FIELD]: _stale, ...rest } = order as T & { tradeInState?: unknown };
  const state = tradeInStateOf(order);
  return (state === null ? rest : { ...rest, tradeInState: state }) as T & { tradeInState?: TradeInState };
}
