import { Link } from 'react-router-dom';
import { formatUsd } from '@/catalog/money';
import { PAGE_TITLES } from '@/config/page-titles';
import { ConnectionNotice } from '@/ui/connection-notice';
import type { LiveValue } from '@/firebase/use-live-value';
import { activePlanCount, monthlyRecurringCents } from './staff-records';
import { StaffPage } from './components/staff-page';
import { newInquiriesPath, pendingPreordersPath } from './staff-links';
import { useAllOrders, useNewInquiryCount, usePendingPreorderCount } from './use-staff-lists';
import styles from './staff.module.scss';

interface FigureProps {
  label: string;
  live: LiveValue<unknown>;
  value: () => string;
  /** Where the figure's list is. */
  to?: string;
}

function Figure({ label, live, value, to }: FigureProps) {
  const text = live.status === 'ready' ? value() : live.status === 'error' ? 'Not available' : 'Loading…';
  return (
    <li className={styles.figure} aria-busy={live.status === 'loading'}>
      <p className={styles.figureValue}>{text}</p>
      <p className={styles.figureLabel}>{to ? <Link to={to}>{label}</Link> : label}</p>
    </li>
  );
}

/** /staff: the figures the business runs on, live. */
export default function StaffOverviewPage() {
  const inquiries = useNewInquiryCount();
  const preorders = usePendingPreorderCount();
  const orders = useAllOrders();
  const count = (live: LiveValue<number>) => () => String(live.status === 'ready' ? live.value : 0);

  return (
    <StaffPage title={PAGE_TITLES.staff} summary="What is waiting for the team, and what the plans bring in. Updates as it changes.">
      <ConnectionNotice show={[inquiries, preorders, orders].some((live) => live.unreachable)} />
      <section aria-labelledby="overview-figures-title">
        <h2 id="overview-figures-title" className="visually-hidden">
          Figures
        </h2>
        <ul className={styles.figures} role="list">
          <Figure label="New inquiries" live={inquiries} value={count(inquiries)} to={newInquiriesPath} />
          <Figure label="Pending pre-orders" live={preorders} value={count(preorders)} to={pendingPreordersPath} />
          <Figure label="Active plans" live={orders} value={() => String(orders.status === 'ready' ? activePlanCount(orders.value) : 0)} />
          <Figure
            label="Monthly recurring revenue"
            live={orders}
            value={() => formatUsd(orders.status === 'ready' ? monthlyRecurringCents(orders.value) : 0)}
          />
        </ul>
      </section>
      <p className={styles.note}>
        Monthly recurring revenue counts every plan a customer has now; a yearly plan counts a twelfth of its yearly charge. Refunds and
        disputes are handled in Stripe’s Dashboard.
      </p>
    </StaffPage>
  );
}
