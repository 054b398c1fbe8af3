/** Live access to the signed-in buyer's orders: the one query the rules allow on all_orders. */
import { getDatabaseClient } from '@/firebase/clients';
import { isServiceId, type ServiceId } from '@/catalog/services';
import { isPlanId, isPricedPlan } from '@/catalog/plans';
import { isBillingPeriod, priceConfiguration, type BillingPeriod } from '@/catalog/pricing';
import { isSubscriptionStatus, type OrderSubscription } from '@/catalog/subscription';

export interface OrderAddOns {
  /** The storage add-on's size label ("500GB"), when chosen. */
  storage: string | null;
  security: boolean;
  marketing: boolean;
}

/** What the order costs per billing period, in integer cents. */
export interface OrderAmount {
  cents: number;
  /** Null when the order does not say and the catalogue cannot tell (an old order of a price that
   *  has since changed). */
  period: BillingPeriod | null;
}

export interface Order {
  id: string;
  product: ServiceId;
  tier: string;
  paymentStatus: string;
  productAmount: number;
  /** Milliseconds since the epoch; null when the record has none. */
  createdAt: number | null;
  addOns: OrderAddOns;
  /** Null for orders made before plans were subscriptions. */
  subscription: OrderSubscription | null;
  amount: OrderAmount;
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

/**
 * The billing period of an order from before plans were subscriptions, which stored only
 * productAmount: the monthly charge by default, the yearly one when billed yearly (spec section 9).
 * Whichever of today's two charges for its plan and add-ons it equals; null when neither does.
 */
export function legacyBillingPeriod(tier: string, productAmount: number, addOns: OrderAddOns): BillingPeriod | null {
  if (!isPlanId(tier) || !isPricedPlan(tier)) return null;
  const charges = priceConfiguration({ plan: tier, period: 'monthly', storage: addOns.storage !== null, security: addOns.security, marketing: addOns.marketing });
  // Monthly first: it is the default, and a plan's two charges never coincide.
  if (productAmount === charges.monthlyCents) return 'monthly';
  if (productAmount === charges.yearlyCents) return 'yearly';
  return null;
}

function amountOf(tier: string, productAmount: number, addOns: OrderAddOns, subscription: OrderSubscription | null): OrderAmount {
  if (subscription) return { cents: subscription.amountPerPeriod, period: subscription.billingPeriod };
  return { cents: productAmount, period: legacyBillingPeriod(tier, productAmount, addOns) };
}

/** Newest first by createdAt; orders without one come last. Stable: orders created at the same
 *  moment keep the order they came in. */
export function newestFirst<T extends Pick<Order, 'createdAt'>>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => {
    if (a.createdAt === null || b.createdAt === null) return (a.createdAt === null ? 1 : 0) - (b.createdAt === null ? 1 : 0);
    return b.createdAt - a.createdAt;
  });
}

const timestamp = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

/** Orders of products the site does not know are left out (spec: "shows nothing"). */
export function toOrders(value: Record<string, StoredOrder> | null): Order[] {
  const orders = Object.entries(value ?? {})
    .filter(([, order]) => isServiceId(order.product))
    .map(([id, order]): Order => {
      const tier = typeof order.tier === 'string' ? order.tier : '';
      const productAmount = Number.isSafeInteger(order.productAmount) && (order.productAmount as number) >= 0 ? (order.productAmount as number) : 0;
      const addOns: OrderAddOns = {
        storage: typeof order.additionalStorage === 'string' && order.additionalStorage ? order.additionalStorage : null,
        security: order.securitySelected === true,
        marketing: order.marketingSelected === true,
      };
      const subscription = toSubscription(order);
      return {
        id,
        product: order.product as ServiceId,
        tier,
        paymentStatus: typeof order.payment_status === 'string' ? order.payment_status : 'unknown',
        productAmount,
        createdAt: timestamp(order.createdAt),
        addOns,
        subscription,
        amount: amountOf(tier, productAmount, addOns, subscription),
      };
    });
  return newestFirst(orders);
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
