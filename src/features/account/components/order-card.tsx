import { SERVICE_LABELS } from '@/catalog/services';
import { formatUsd } from '@/catalog/money';
import { isPlanId, PLAN_NAMES } from '@/catalog/plans';
import type { Order } from '../orders-data';
import styles from './order-card.module.scss';

const STATUS_CLASS: Record<string, string | undefined> = {
  paid: styles.paid,
  unpaid: styles.unpaid,
};

/** The plan's name from the catalogue ("Diamond Peak"); an unknown tier is shown as stored. */
function planName(tier: string): string {
  return isPlanId(tier) ? PLAN_NAMES[tier] : tier;
}

export function OrderCard({ order }: { order: Order }) {
  return (
    <article className={styles.card} aria-labelledby={`order-${order.id}`}>
      <h2 id={`order-${order.id}`} className={styles.title}>
        {SERVICE_LABELS[order.product]}
      </h2>
      <p className={styles.line}>Purchased an application</p>
      <p className={styles.meta}>
        {order.tier && <span className={styles.tier}>{planName(order.tier)} plan</span>}
        {order.productAmount > 0 && <span>{formatUsd(order.productAmount)}</span>}
        {order.createdAt && <span>{new Date(order.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</span>}
      </p>
      <p className={styles.status}>
        Status: <strong className={STATUS_CLASS[order.paymentStatus] ?? styles.other}>{order.paymentStatus}</strong>
      </p>
    </article>
  );
}
