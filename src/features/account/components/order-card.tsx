import { useState } from 'react';
import { SERVICE_LABELS } from '@/catalog/services';
import { formatBillingDate, paymentsLabel } from '@/catalog/subscription';
import { TERM_TEXTS, termEndsText } from '@/catalog/term';
import type { Order } from '@/data/orders';
import { orderAnchor } from '@/config/paths';
import {
  addOnsText,
  amountText,
  canRenew,
  isChangeablePlan,
  isNeverPaid,
  isRemovable,
  nextPayment,
  orderDateText,
  orderStatus,
  planLabel,
  termEndOf,
} from '@/data/order-display';
import { Button } from '@/ui/button';
import { isConfirmingPayment, PaymentConfirmingNote } from '@/ui/payment-confirming';
import { StatusBadge } from '@/ui/status-badge';
import { useNow } from '../use-now';
import { CHANGE_PLAN_TEXTS, ChangePlanDialog, currentConfiguration } from './change-plan-dialog';
import { ManageBillingButton } from './manage-billing-button';
import { OrderInvoices } from './order-invoices';
import { RenewButton } from './renew-button';
import { TradeInLine } from './trade-in-line';
import { UnpaidCheckoutActions } from './unpaid-checkout-actions';
import styles from './order-card.module.scss';

/** One order (spec "Orders": the product title, "Purchased an application", Status), with what was
 *  bought: plan, price per period, add-ons, when, and for a subscription its payments, its term
 *  (docs/decisions/0115-the-term-ends-unless-renewed.md), its invoices and Change plan. */
export function OrderCard({ order }: { order: Order }) {
  const { subscription } = order;
  const neverPaid = isNeverPaid(order);
  const next = nextPayment(order);
  const titleId = orderAnchor(order.id);
  const termEnd = termEndOf(order);
  const renewable = canRenew(order, useNow());
  const current = isChangeablePlan(order) ? currentConfiguration(order) : null;
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
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
        {termEnd !== null && <p>{termEndsText(termEnd)}</p>}
        <TradeInLine order={order} />
        {isConfirmingPayment(order) && <PaymentConfirmingNote since={order.checkoutCompletedAt ?? order.createdAt ?? 0} />}
      </div>
      {isRemovable(order) && <UnpaidCheckoutActions order={order} />}
      {termEnd !== null && renewable && (
        <div className={styles.term}>
          <p>{TERM_TEXTS.ifNothing}</p>
          <RenewButton orderId={order.id} />
        </div>
      )}
      <p role="status" className={styles.changed}>
        {changed ? CHANGE_PLAN_TEXTS.changed : ''}
      </p>
      <OrderInvoices invoices={order.invoices} />
      {(current || (subscription?.customerId && !neverPaid)) && (
        <div className={styles.actions}>
          {current && (
            <Button
              variant="secondary"
              onClick={() => {
                setChanged(false);
                setChanging(true);
              }}
            >
              {CHANGE_PLAN_TEXTS.open}
            </Button>
          )}
          {subscription?.customerId && !neverPaid && <ManageBillingButton />}
        </div>
      )}
      {changing && current && (
        <ChangePlanDialog
          order={order}
          current={current}
          onClose={() => setChanging(false)}
          onChanged={() => {
            setChanging(false);
            setChanged(true);
          }}
        />
      )}
    </article>
  );
}
