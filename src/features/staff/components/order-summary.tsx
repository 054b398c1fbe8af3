import { useId, type ReactNode } from 'react';
import { SERVICE_LABELS } from '@/catalog/services';
import { paymentsLabel, subscriptionState, subscriptionStatusLabel } from '@/catalog/subscription';
import { amountText, isNeverPaid, orderDateText, orderStatus, paymentIssueLines, planLabel } from '@/data/order-display';
import { platformLabel, tradeInStateText } from '@/data/trade-in';
import { StatusBadge } from '@/ui/status-badge';
import type { StaffOrder } from '../staff-records';
import styles from '../staff.module.scss';

export function platformText(modelExistsOn: string | null): string {
  return platformLabel(modelExistsOn) ?? 'Not named';
}

interface OrderSummaryProps {
  order: StaffOrder;
  /** Facts the page adds (the customer, the trade-in). */
  extra?: ReactNode;
  /** Controls at the card's foot. */
  actions?: ReactNode;
}

/** One order as staff read it: what was bought, its state as Stripe last said, its payments. */
export function OrderSummary({ order, extra, actions }: OrderSummaryProps) {
  const titleId = useId();
  const status = orderStatus(order);
  const issues = paymentIssueLines(order);
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          {SERVICE_LABELS[order.product]} · {planLabel(order.tier)}
        </h3>
        <StatusBadge {...status} />
      </div>
      <dl className={styles.facts}>
        <dt>Amount</dt>
        <dd>{amountText(order)}</dd>
        <dt>Ordered</dt>
        <dd>{order.createdAt !== null ? orderDateText(order.createdAt) : 'Not recorded'}</dd>
        {order.subscription && !isNeverPaid(order) && (
          <>
            <dt>Subscription</dt>
            <dd>{subscriptionStatusLabel(subscriptionState(order.subscription))}</dd>
            <dt>Payments</dt>
            <dd>{paymentsLabel(order.subscription).replace(/^Payments: /, '')}</dd>
          </>
        )}
        {issues.length > 0 && (
          <>
            <dt>Refunds and disputes</dt>
            <dd>{issues.join('; ')}</dd>
          </>
        )}
        {order.declaredTradeIn && (
          <>
            <dt>Trade-in</dt>
            <dd>
              {platformText(order.modelExistsOn)}: {tradeInStateText(order.declaredTradeIn)}
            </dd>
          </>
        )}
        {extra}
      </dl>
      {actions}
    </article>
  );
}
