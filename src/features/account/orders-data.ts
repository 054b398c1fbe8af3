/** Live access to the signed-in buyer's orders: the one query the rules allow on all_orders. */
import { getDatabaseClient } from '@/firebase/clients';
import { isServiceId, type ServiceId } from '@/catalog/services';
import { isBillingPeriod } from '@/catalog/pricing';
import { isSubscriptionStatus, type OrderSubscription } from '@/catalog/subscription';

export interface OrderAddOns {
  /** The storage add-on's size label ("500GB"), when chosen. */
  storage: string | null;
  security: boolean;
  marketing: boolean;
}

export interface Order {
  id: string;
  product: ServiceId;
  tier: string;
  paymentStatus: string;
  productAmount: number;
  createdAt: number | null;
  addOns: OrderAddOns;
  /** Null for orders made before plans were subscriptions. */
  subscription: OrderSubscription | null;
}

type StoredOrder = Record<string, unknown>;

const count = (value: unknown) => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined);
const text = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : undefined);

/** The subscription fields the functions wrote (src/catalog/subscription.ts), each checked. */
function toSubscription(order: StoredOrder): OrderSubscription | null {
  const amountPerPeriod = count(order.amountPerPeriod);
  const termPayments = count(order.termPayments);
  if (!isBillingPeriod(order.billingPeriod) || amountPerPeriod === undefined || !termPayments) return null;
  const subscription: OrderSubscription = { billingPeriod: order.billingPeriod, amountPerPeriod, termPayments };
  const optional: Partial<OrderSubscription> = {
    subscriptionId: text(order.subscriptionId, /^sub_/),
    customerId: text(order.customerId, /^cus_/),
    subscriptionStatus: isSubscriptionStatus(order.subscriptionStatus) ? order.subscriptionStatus : undefined,
    paymentsMade: count(order.paymentsMade),
    currentPeriodEnd: count(order.currentPeriodEnd),
    termEndsAt: count(order.termEndsAt),
    cancelAt: count(order.cancelAt),
    endedAt: count(order.endedAt),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(subscription, { [key]: value });
  return subscription;
}

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
      addOns: {
        storage: typeof order.additionalStorage === 'string' && order.additionalStorage ? order.additionalStorage : null,
        security: order.securitySelected === true,
        marketing: order.marketingSelected === true,
      },
      subscription: toSubscription(order),
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
