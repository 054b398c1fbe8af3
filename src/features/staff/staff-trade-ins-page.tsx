import { Link } from 'react-router-dom';
import { TRADE_IN_REWARD_CENTS } from '@/catalog/add-ons';
import { formatUsd } from '@/catalog/money';
import { PAGE_TITLES } from '@/config/page-titles';
import { Button } from '@/ui/button';
import { ActionError } from './components/action-error';
import { AdminOnlyActions } from './components/admin-only-actions';
import { useAnnouncer } from './components/announcer';
import { LiveStatus } from './components/live-status';
import { OrderSummary, TRADE_IN_WORDS } from './components/order-summary';
import { StaffPage } from './components/staff-page';
import { callStaff } from './staff-api';
import { useMayTake, useStaff } from './staff-context';
import { customerPath } from './staff-links';
import type { StaffOrder } from './staff-records';
import { useTradeInOrders } from './use-staff-lists';
import { useStaffAction } from './use-staff-action';
import styles from './staff.module.scss';

function TradeInItem({ order, announce }: { order: StaffOrder; announce: (text: string) => void }) {
  const { user } = useStaff();
  const mayConfirm = useMayTake('confirmTradeIn');
  const { busy, error, run } = useStaffAction();
  const confirm = async () => {
    const done = await run('confirm', () => callStaff(user, 'confirmTradeIn', { orderId: order.id }));
    if (done) announce(done.outcome === 'credited' ? `${TRADE_IN_WORDS.credited}.` : `${TRADE_IN_WORDS.credited} already.`);
  };
  const email = order.customerEmail;
  return (
    <OrderSummary
      order={order}
      extra={
        <>
          <dt>Customer</dt>
          <dd>{email ? <Link to={customerPath(email)}>{email}</Link> : 'Not known yet'}</dd>
        </>
      }
      actions={
        order.tradeIn === null && (
          <>
            <AdminOnlyActions may={mayConfirm}>
              {(gate) => (
                <Button {...gate} busy={busy === 'confirm'} onClick={() => void confirm()}>
                  Confirm trade-in
                </Button>
              )}
            </AdminOnlyActions>
            <ActionError message={error} />
          </>
        )
      }
    />
  );
}

/** /staff/trade-ins: orders that declared an application to trade in, and their credit. */
export default function StaffTradeInsPage() {
  const orders = useTradeInOrders();
  const { region, announce } = useAnnouncer();
  return (
    <StaffPage
      title={PAGE_TITLES.staffTradeIns}
      summary={`Orders that declared an application to trade in. Confirming credits ${formatUsd(TRADE_IN_REWARD_CENTS, { trimZeroCents: true })} to the customer’s Stripe balance, once; the next invoice shows it.`}
    >
      {region}
      <LiveStatus live={orders} subject="trade-ins" />
      {orders.status === 'ready' &&
        (orders.value.length === 0 ? (
          <p>No order has declared a trade-in yet.</p>
        ) : (
          <ul className={styles.list} role="list">
            {orders.value.map((order) => (
              <li key={order.id}>
                <TradeInItem order={order} announce={announce} />
              </li>
            ))}
          </ul>
        ))}
    </StaffPage>
  );
}
