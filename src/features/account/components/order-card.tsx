import { ADD_ON_LABELS } from '@/catalog/add-ons';
import { formatUsd } from '@/catalog/money';
import { isPlanId, PLAN_NAMES } from '@/catalog/plans';
import { SERVICE_LABELS } from '@/catalog/services';
import {
  formatBillingDate,
  paymentsLabel,
  periodSuffix,
  subscriptionState,
  subscriptionStatusLabel,
  type OrderSubscription,
  type SubscriptionState,
} from '@/catalog/subscription';
import type { Order, OrderAddOns } from '../orders-data';
import { ManageBillingButton } from './manage-billing-button';
import styles from './order-card.module.scss';

const STATUS_CLASS: Partial<Record<string, string>> = {
  paid: styles.paid,
  unpaid: styles.unpaid,
  active: styles.paid,
  'past-due': styles.unpaid,
  cancels: styles.unpaid,
};

/** The plan's name from the catalogue ("Diamond Peak"); an unknown tier is shown as stored. */
function planName(tier: string): string {
  return isPlanId(tier) ? PLAN_NAMES[tier] : tier;
}

function addOnsText({ storage, security, marketing }: OrderAddOns): string {
  const chosen = [
    storage && `${ADD_ON_LABELS.storage} (${storage})`,
    security && ADD_ON_LABELS.security,
    marketing && ADD_ON_LABELS.marketing,
  ].filter(Boolean);
  return chosen.length ? chosen.join(', ') : 'None';
}

/** The next charge, while one is still due: not after the last payment of the term, nor after
 *  the date the subscription was canceled for. */
function nextPayment(subscription: OrderSubscription, state: SubscriptionState): number | null {
  const { currentPeriodEnd, paymentsMade = 0, termPayments } = subscription;
  if (currentPeriodEnd === undefined || paymentsMade >= termPayments) return null;
  if (state.kind === 'active' || state.kind === 'past-due') return currentPeriodEnd;
  if (state.kind === 'cancels' && state.at > currentPeriodEnd) return currentPeriodEnd;
  return null;
}

function SubscriptionDetails({ order, subscription }: { order: Order; subscription: OrderSubscription }) {
  const state = subscriptionState(subscription);
  const next = nextPayment(subscription, state);
  return (
    <>
      <p className={styles.amount}>
        {formatUsd(subscription.amountPerPeriod)} {periodSuffix(subscription.billingPeriod)}
      </p>
      <div className={styles.facts}>
        <p>
          Status: <strong className={STATUS_CLASS[state.kind] ?? styles.other}>{subscriptionStatusLabel(state)}</strong>
        </p>
        <p>Add-ons: {addOnsText(order.addOns)}</p>
        <p>{paymentsLabel(subscription)}</p>
        {next !== null && <p>Next payment: {formatBillingDate(next)}</p>}
      </div>
      {subscription.customerId && <ManageBillingButton />}
    </>
  );
}

export function OrderCard({ order }: { order: Order }) {
  const { subscription } = order;
  return (
    <article className={styles.card} aria-labelledby={`order-${order.id}`}>
      <h2 id={`order-${order.id}`} className={styles.title}>
        {SERVICE_LABELS[order.product]}
      </h2>
      <p className={styles.line}>Purchased an application</p>
      <p className={styles.meta}>
        {order.tier && <span className={styles.tier}>{planName(order.tier)} plan</span>}
        {!subscription && order.productAmount > 0 && <span>{formatUsd(order.productAmount)}</span>}
        {order.createdAt && <span>{new Date(order.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</span>}
      </p>
      {subscription ? (
        <SubscriptionDetails order={order} subscription={subscription} />
      ) : (
        <p className={styles.status}>
          Status: <strong className={STATUS_CLASS[order.paymentStatus] ?? styles.other}>{order.paymentStatus}</strong>
        </p>
      )}
    </article>
  );
}
