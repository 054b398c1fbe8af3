import { useEffect, useState } from 'react';
import { watchOrders, type Order } from './orders-data';

export type OrdersState =
  | { status: 'loading' }
  | { status: 'ready'; orders: Order[] }
  | { status: 'error'; message: string };

/** The buyer's orders, live. The listener is removed when the component leaves or the uid changes. */
export function useOrders(uid: string | undefined): OrdersState {
  const [state, setState] = useState<OrdersState>({ status: 'loading' });

  useEffect(() => {
    if (!uid) return;
    setState({ status: 'loading' });
    let unsubscribe: (() => void) | undefined;
    let left = false;
    const fail = (error: Error) => !left && setState({ status: 'error', message: error.message });
    watchOrders(uid, (orders) => !left && setState({ status: 'ready', orders }), fail).then(
      (stop) => (left ? stop() : (unsubscribe = stop)),
      fail,
    );
    return () => {
      left = true;
      unsubscribe?.();
    };
  }, [uid]);

  return state;
}
