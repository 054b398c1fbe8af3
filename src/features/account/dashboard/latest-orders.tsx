import { useId } from 'react';
import { Link } from 'react-router-dom';
import { SERVICE_LABELS } from '@/catalog/services';
import { paths } from '@/config/paths';
import { Spinner } from '@/ui/spinner';
import type { Order } from '@/data/orders';
import { amountText, orderDateText, orderStatus, planLabel } from '@/data/order-display';
import { StatusBadge } from '@/ui/status-badge';
import styles from './dashboard.module.scss';

/** How many orders the dashboard shows; the orders page has them all. */
export const LATEST_ORDERS = 3;

/** The newest orders in one line each, and the way to all of them; null while loading. `orders`
 *  come newest first (src/data/orders.ts). */
export function LatestOrders({ orders }: { orders: Order[] | null }) {
  const titleId = useId();
  const latest = orders?.slice(0, LATEST_ORDERS) ?? [];
  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-busy={orders === null}>
      <h2 id={titleId} className={styles.panelTitle}>
        Latest orders
      </h2>
      {orders === null && <Spinner label="Loading your orders…" />}
      {orders !== null && latest.length === 0 && <p className={styles.empty}>No orders yet.</p>}
      {latest.length > 0 && (
        <>
          <ol className={styles.orders} role="list">
            {latest.map((order) => (
              <li key={order.id} className={styles.order}>
                <span className={styles.orderName}>
                  {SERVICE_LABELS[order.product]}
                  {order.tier && ` · ${planLabel(order.tier)}`}
                </span>
                <span className={styles.orderAmount}>{order.amount.cents > 0 ? amountText(order) : ''}</span>
                <StatusBadge {...orderStatus(order)} />
                {order.createdAt !== null && (
                  <span className={styles.orderDate}>
                    Ordered <time dateTime={new Date(order.createdAt).toISOString()}>{orderDateText(order.createdAt)}</time>
                  </span>
                )}
              </li>
            ))}
          </ol>
          <Link to={paths.orderHistory} className={styles.viewAll}>
            View all <span className="visually-hidden">orders</span>
          </Link>
        </>
      )}
    </section>
  );
}
