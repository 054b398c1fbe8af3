/** An account's records as the functions find them: its orders (by `buyer`, the one way an order
 *  belongs to an account) and its Stripe customers (customers/<uid>, and the customer of each of
 *  its orders, which a claimed guest order may bring). */
import type { Database } from 'firebase-admin/database';
import { ORDERS_PATH, ORDER_BUYER_FIELD } from '../../../src/data/orders';
import { CUSTOMERS_PATH } from '../stripe/customers';
import { isStripeId } from '../stripe/stripe-ids';

export type StoredRecord = Record<string, unknown>;

export interface AccountOrder {
  id: string;
  record: StoredRecord;
}

export async function accountOrders(database: Database, uid: string): Promise<AccountOrder[]> {
  const found = await database.ref(ORDERS_PATH).orderByChild(ORDER_BUYER_FIELD).equalTo(uid).get();
  const orders: AccountOrder[] = [];
  found.forEach((child) => {
    const record = child.val() as unknown;
    // The query matches on the stored value; checked again so nothing else ever slips in.
    if (child.key && typeof record === 'object' && record !== null && (record as StoredRecord).buyer === uid) {
      orders.push({ id: child.key, record: record as StoredRecord });
    }
  });
  return orders;
}

/** The account's own customer first, then those of its orders, each once. */
export async function accountCustomerIds(database: Database, uid: string, orders: readonly AccountOrder[]): Promise<string[]> {
  const own = (await database.ref(`${CUSTOMERS_PATH}/${uid}/stripeCustomerId`).get()).val() as unknown;
  const ids = new Set<string>();
  if (isStripeId('customer', own)) ids.add(own);
  for (const { record } of orders) if (isStripeId('customer', record.customerId)) ids.add(record.customerId);
  return [...ids];
}

/** The account's Auth record, or null once it is deleted. */
export async function authUserOrNull<User>(getUser: () => Promise<User>): Promise<User | null> {
  try {
    return await getUser();
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}
