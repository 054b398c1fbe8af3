import type { Order } from '@/data/orders';
import { watchOrders } from './orders-data';
import { useLiveValue } from './use-live-value';

export type OrdersState = ({ status: 'loading' } | { status: 'ready'; orders: Order[] } | { status: 'error'; message: string }) & {
  unreachable: boolean;
};

/** The buyer's orders, live. The listener is removed when the component leaves or the uid changes. */
export function useOrders(uid: string | undefined): OrdersState {
  const state = useLiveValue(uid, watchOrders);
  return state.status === 'ready' ? { status: 'ready', orders: state.value, unreachable: state.unreachable } : state;
}
