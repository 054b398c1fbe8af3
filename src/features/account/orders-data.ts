/** Live access to the signed-in buyer's orders: the one query the rules allow on all_orders. */
import { getDatabaseClient } from '@/firebase/clients';
import { isServiceId, type ServiceId } from '@/catalog/services';

export interface Order {
  id: string;
  product: ServiceId;
  tier: string;
  paymentStatus: string;
  productAmount: number;
  createdAt: number | null;
}

type StoredOrder = Record<string, unknown>;

/** Orders of products the site does not know are left out (spec: "shows nothing"). */
function toOrders(value: Record<string, StoredOrder> | null): Order[] {
  return Object.entries(value ?? {})
    .filter(([, order]) => isServiceId(order.product))
    .map(([id, order]) => ({
      id,
      product: order.product as ServiceId,
      tier: typeof order.tier === 'string' ? order.tier : '',
      paymentStatus: typeof order.payment_status === 'string' ? order.payment_status : 'unknown',
      productAmount: Number.isSafeInteger(order.productAmount) ? (order.productAmount as number) : 0,
      createdAt: typeof order.createdAt === 'number' ? order.createdAt : null,
    }))
    .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
}

/** Calls onChange with the buyer's orders now and on every change, until the returned function is
 *  called. onError gets failures (permission, connection). */
export async function watchOrders(
  uid: string,
  onChange: (orders: Order[]) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [db, { equalTo, onValue, orderByChild, query, ref }] = await Promise.all([
    getDatabaseClient(),
    import('firebase/database'),
  ]);
  return onValue(
    query(ref(db, 'all_orders'), orderByChild('buyer'), equalTo(uid)),
    (snapshot) => onChange(toOrders(snapshot.val() as Record<string, StoredOrder> | null)),
    onError,
  );
}
