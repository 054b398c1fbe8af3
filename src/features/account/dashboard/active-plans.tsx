import { useId } from 'react';
import { SERVICE_LABELS } from '@/catalog/services';
import { formatBillingDate } from '@/catalog/subscription';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import type { Order } from '@/data/orders';
import { amountText, isLivePlan, nextPayment, orderStatus, planLabel } from '@/data/order-display';
import { StatusBadge } from '@/ui/status-badge';
import { ManageBillingButton } from '../components/manage-billing-button';
import { TradeInLine } from '../components/trade-in-line';
import styles from './dashboard.module.scss';

function PlanItem({ order }: { order: Order }) {
  const titleId = useId();
  const next = nextPayment(order);
  return (
    <li>
      <article className={styles.plan} aria-labelledby={titleId}>
        <h3 id={titleId} className={styles.planTitle}>
          {planLabel(order.tier)} <span className={styles.planService}>· {SERVICE_LABELS[order.product]}</span>
        </h3>
        <p className={styles.planAmount}>{amountText(order)}</p>
        <p>
          Status: <StatusBadge {...orderStatus(order)} />
        </p>
        <p>{next !== null ? `Next payment: ${formatBillingDate(next)}` : 'No further payments'}</p>
        <TradeInLine order={order} />
      </article>
    </li>
  );
}

/** The plans the customer has now (live subscriptions), newest first; null while loading. One
 *  Manage billing: Stripe's portal holds every plan of the customer. */
export function ActivePlans({ orders }: { orders: Order[] | null }) {
  const titleId = useId();
  const plans = orders?.filter(isLivePlan) ?? [];
  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-busy={orders === null}>
      <h2 id={titleId} className={styles.panelTitle}>
        Active plans
      </h2>
      {orders === null && <Spinner label="Loading your plans…" />}
      {orders !== null && plans.length === 0 && (
        <div className={styles.empty}>
          <p>No plans yet.</p>
          <ButtonLink to={paths.store} variant="secondary">
            Find a plan in the store
          </ButtonLink>
        </div>
      )}
      {plans.length > 0 && (
        <>
          <ul className={styles.plans} role="list">
            {plans.map((order) => (
              <PlanItem key={order.id} order={order} />
            ))}
          </ul>
          {plans.some((order) => order.subscription?.customerId) && <ManageBillingButton returnPath={paths.dashboard} />}
        </>
      )}
    </section>
  );
}
