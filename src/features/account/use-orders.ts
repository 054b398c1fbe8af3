import type { Order } from '@/data/orders';
import { useLiveValueOf } from '@/firebase/use-live-value';
import { watchOrders } from './orders-data';

export type OrdersState = ({ status: 'loading' } | { status: 'ready'; orders: Order[] } | { status: 'error'; message: string }) & {
  unreachable: boolean;
};

/** The buyer's orders, live. The listener is removed when the component leaves or the uid changes. */
export function useOrders(uid: string | undefined): OrdersState {
  const state = useLiveValueOf(uid, watchOrders);
  return state.status === 'ready' ? { status: 'ready', orders: state.value, unreachable: state.unreachable } : state;
}
