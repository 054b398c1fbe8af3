import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { useAuth } from '@/session/auth-context';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { LiveDataStatus } from './components/live-data-status';
import { OrderCard } from './components/order-card';
import styles from './order-history-page.module.scss';
import { useCheckoutReturn } from './use-checkout-return';
import { useOrders } from './use-orders';

export default function OrderHistoryPage() {
  const { user } = useAuth();
  const orders = useOrders(user?.uid);
  const asReturned = useCheckoutReturn();

  return (
    <>
      <PageIntro title={PAGE_TITLES.orderHistory} summary="Everything you have ordered, newest first, with its payment status." />
      <section className={styles.orders} aria-label="Your orders" aria-busy={orders.status === 'loading'}>
        {/* The notice, spinner and messages sit above the grid, so its first cell is an order. */}
        <LiveDataStatus state={orders} subject="orders" errorClassName={styles.message} />
        {orders.status === 'ready' && orders.orders.length === 0 && (
          <div className={styles.message}>
            <p>You have no orders yet.</p>
            <ButtonLink to={paths.store}>Browse the store</ButtonLink>
          </div>
        )}
        {orders.status === 'ready' && orders.orders.length > 0 && (
          // role="list": Safari drops list semantics from lists styled without bullets.
          <ul className={styles.grid} role="list">
            {orders.orders.map((order) => (
              <li key={order.id} className={styles.cell}>
                <OrderCard order={asReturned(order)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
