import { SERVICE_LABELS } from '@/catalog/services';
import { formatBillingDate, paymentsLabel } from '@/catalog/subscription';
import type { Order } from '@/data/orders';
import { addOnsText, amountText, isNeverPaid, nextPayment, orderDateText, orderStatus, planLabel, tradeInText } from '@/data/order-display';
import { StatusBadge } from '@/ui/status-badge';
import { ManageBillingButton } from './manage-billing-button';
import styles from './order-card.module.scss';

/** One order (spec "Orders": the product title, "Purchased an application", Status), with what was
 *  bought: plan, price per period, add-ons, when, and for a subscription its payments. */
export function OrderCard({ order }: { order: Order }) {
  const { subscription } = order;
  const neverPaid = isNeverPaid(order);
  const next = nextPayment(order);
  const tradeIn = tradeInText(order);
  const titleId = `order-${order.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {SERVICE_LABELS[order.product]}
      </h2>
      <p className={styles.line}>Purchased an application</p>
      <p className={styles.meta}>
        {order.tier && <span className={styles.tier}>{planLabel(order.tier)}</span>}
        {order.createdAt !== null && (
          <span>
            Ordered <time dateTime={new Date(order.createdAt).toISOString()}>{orderDateText(order.createdAt)}</time>
          </span>
        )}
      </p>
      {order.amount.cents > 0 && <p className={styles.amount}>{amountText(order)}</p>}
      <div className={styles.facts}>
        <p>
          Status: <StatusBadge {...orderStatus(order)} />
        </p>
        <p>Add-ons: {addOnsText(order.addOns)}</p>
        {subscription && !neverPaid && <p>{paymentsLabel(subscription)}</p>}
        {next !== null && <p>Next payment: {formatBillingDate(next)}</p>}
        {tradeIn && <p>{tradeIn}</p>}
      </div>
      {subscription?.customerId && !neverPaid && <ManageBillingButton />}
    </article>
  );
}
