import { useId, type ReactNode } from 'react';
import { isTradeInProvider, TRADE_IN_PROVIDER_LABELS } from '@/catalog/add-ons';
import { formatUsd } from '@/catalog/money';
import { SERVICE_LABELS } from '@/catalog/services';
import { paymentsLabel, subscriptionState, subscriptionStatusLabel } from '@/catalog/subscription';
import {
  amountText,
  isNeverPaid,
  orderDateText,
  orderStatus,
  paymentIssueLines,
  planLabel,
  TRADE_IN_CREDITED_TEXT,
} from '@/data/order-display';
import { StatusBadge } from '@/ui/status-badge';
import type { StaffOrder } from '../staff-records';
import styles from '../staff.module.scss';

/** Where an order's trade-in stands, in the words the console and the order show. */
export const TRADE_IN_WORDS = {
  awaiting: 'Awaiting confirmation',
  crediting: 'Crediting…',
  credited: TRADE_IN_CREDITED_TEXT,
} as const;

export function tradeInText(order: Pick<StaffOrder, 'tradeIn'>): string {
  const { tradeIn } = order;
  if (!tradeIn) return TRADE_IN_WORDS.awaiting;
  if (tradeIn.status === 'crediting') return TRADE_IN_WORDS.crediting;
  const amount = tradeIn.amount !== null ? ` (${formatUsd(tradeIn.amount)})` : '';
  return `${TRADE_IN_WORDS.credited}${amount}`;
}

export function platformText(modelExistsOn: string | null): string {
  if (!modelExistsOn) return 'Not named';
  return isTradeInProvider(modelExistsOn) ? TRADE_IN_PROVIDER_LABELS[modelExistsOn] : modelExistsOn;
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
        {order.applicationExist && (
          <>
            <dt>Trade-in</dt>
            <dd>
              {platformText(order.modelExistsOn)}: {tradeInText(order)}
            </dd>
          </>
        )}
        {extra}
      </dl>
      {actions}
    </article>
  );
}
