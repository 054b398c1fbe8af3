/** Live access to the signed-in buyer's orders: the one query the rules allow on all_orders. */
import { ORDER_BUYER_FIELD, ORDERS_PATH, toOrders, type Order, type StoredOrder } from '@/data/orders';
import { isRemovedByBuyer } from '@/data/order-display';
import { getDatabaseWithSdk } from '@/firebase/clients';

/** Calls onChange with the buyer's orders (not those they removed: src/catalog/unpaid-checkouts.ts) now and on every change, until the returned function is
 *  called. onError gets failures (permission, connection). */
export async function watchOrders(uid: string, onChange: (orders: Order[]) => void, onError: (error: Error) => void): Promise<() => void> {
  const [db, { equalTo, onValue, orderByChild, query, ref }] = await getDatabaseWithSdk();
  return onValue(
    query(ref(db, ORDERS_PATH), orderByChild(ORDER_BUYER_FIELD), equalTo(uid)),
    (snapshot) => onChange(toOrders(snapshot.val() as Record<string, StoredOrder> | null).filter((order) => !isRemovedByBuyer(order))),
    onError,
  );
}
