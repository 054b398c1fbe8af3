import { Link } from 'react-router-dom';
import { SERVICE_LABELS } from '@/catalog/services';
import { formatBillingDate } from '@/catalog/subscription';
import { TERM_TEXTS } from '@/catalog/term';
import { paths } from '@/config/paths';
import type { Order } from '@/data/orders';
import { ordersWithTermNotice, planLabel } from '@/data/order-display';
import { RenewButton } from '../components/renew-button';
import { useNow } from '../use-now';
import styles from './dashboard.module.scss';

export const termNoticeTitle = (order: Order, termEndsAt: number) =>
  `Your ${planLabel(order.tier)} for ${SERVICE_LABELS[order.product]} ends on ${formatBillingDate(termEndsAt)}`;

/** One notice for each plan whose term ends soon and whose buyer was mailed about it (the
 *  termNotices function writes termNotice then), while that date is ahead: the date and what to
 *  do, renew or let it end (docs/decisions/0115-the-term-ends-unless-renewed.md). */
export function TermNotices({ orders }: { orders: readonly Order[] }) {
  const due = ordersWithTermNotice(orders, useNow());
  if (due.length === 0) return null;
  return (
    <div className={styles.termNotices}>
      {due.map((order) => {
        const termEndsAt = order.termNotice!.termEndsAt;
        const titleId = `term-notice-${order.id}`;
        return (
          <section key={order.id} className={styles.banner} aria-labelledby={titleId}>
            <h2 id={titleId} className={styles.bannerTitle}>
              {termNoticeTitle(order, termEndsAt)}
            </h2>
            <p>
              {TERM_TEXTS.ifNothing} <Link to={paths.orderCard(order.id)}>See the order</Link>
            </p>
            <RenewButton orderId={order.id} />
          </section>
        );
      })}
    </div>
  );
}
