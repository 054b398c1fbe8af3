import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatUsd } from '@/catalog/money';
import { PAGE_TITLES } from '@/config/page-titles';
import { ConnectionNotice } from '@/ui/connection-notice';
import { Button } from '@/ui/button';
import type { LiveValue } from '@/firebase/use-live-value';
import { ActionError } from './components/action-error';
import { AdminOnlyActions } from './components/admin-only-actions';
import { StaffPage } from './components/staff-page';
import { recountText } from './recount-words';
import { callStaff } from './staff-api';
import { useMayTake, useStaff } from './staff-context';
import { newInquiriesPath, pendingPreordersPath } from './staff-links';
import { useNewInquiryCount, usePendingPreorderCount, useStaffFigures } from './use-staff-lists';
import { useStaffAction } from './use-staff-action';
import styles from './staff.module.scss';

interface FigureProps<T> {
  label: string;
  live: LiveValue<T>;
  value: (value: T) => string;
  /** Where the figure's list is. */
  to?: string;
  /** A whole row on a phone (money). */
  wide?: boolean;
}

function Figure<T>({ label, live, value, to, wide = false }: FigureProps<T>) {
  const text = live.status === 'ready' ? value(live.value) : live.status === 'error' ? 'Not available' : 'Loading…';
  return (
    <li className={wide ? `${styles.figure} ${styles.figureWide}` : styles.figure} aria-busy={live.status === 'loading'}>
      <p className={styles.figureValue}>{text}</p>
      <p className={styles.figureLabel}>{to ? <Link to={to}>{label}</Link> : label}</p>
    </li>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

/** An admin's Recount: the counters and figures counted afresh from the records, and what it
 *  found said where the button is and to a screen reader (docs/decisions/0112-staff-counters-by-trigger.md).
 *  Support sees it disabled, with the reason. */
function RecountControl() {
  const { user } = useStaff();
  const may = useMayTake('recountCounters');
  const { busy, error, run } = useStaffAction();
  const [found, setFound] = useState('');

  const recount = async () => {
    setFound('');
    const done = await run('recount', () => callStaff(user, 'recountCounters', {}));
    if (done) setFound(recountText(done));
  };

  return (
    <section aria-labelledby="overview-recount-title" className={styles.recount}>
      <h2 id="overview-recount-title">Check the figures</h2>
      <p className={styles.note}>
        The figures move with every change and are counted afresh every night. Recount counts every record now and mends any figure that was
        off.
      </p>
      <AdminOnlyActions may={may}>
        {(gate) => (
          <Button {...gate} variant="secondary" busy={busy === 'recount'} onClick={() => void recount()}>
            {busy === 'recount' ? 'Recounting…' : 'Recount'}
          </Button>
        )}
      </AdminOnlyActions>
      <p role="status" aria-live="polite" aria-atomic="true" className={styles.note}>
        {found}
      </p>
      <ActionError message={error} />
    </section>
  );
}

/** /staff: the figures the business runs on, live: the counters and staff_figures, each a number
 *  the server keeps, so the page reads the same few bytes at any size of the lists. */
export default function StaffOverviewPage() {
  const inquiries = useNewInquiryCount();
  const preorders = usePendingPreorderCount();
  const figures = useStaffFigures();

  return (
    <StaffPage title={PAGE_TITLES.staff} summary="What is waiting for the team, and what the plans bring in. Updates as it changes.">
      <ConnectionNotice show={[inquiries, preorders, figures].some((live) => live.unreachable)} />
      <section aria-labelledby="overview-figures-title">
        <h2 id="overview-figures-title" className="visually-hidden">
          Figures
        </h2>
        <ul className={styles.figures} role="list">
          <Figure label="New inquiries" live={inquiries} value={count} to={newInquiriesPath} />
          <Figure label="Pending pre-orders" live={preorders} value={count} to={pendingPreordersPath} />
          <Figure label="Active plans" live={figures} value={(value) => count(value.activePlans)} />
          <Figure label="Customers" live={figures} value={(value) => count(value.customers)} />
          <Figure label="Monthly recurring revenue" live={figures} value={(value) => formatUsd(value.mrrCents)} wide />
        </ul>
      </section>
      <p className={styles.note}>
        Monthly recurring revenue counts every plan a customer has now; a yearly plan counts a twelfth of its yearly charge. Customers
        counts every account with a profile. Refunds and disputes are handled in Stripe’s Dashboard.
      </p>
      <RecountControl />
    </StaffPage>
  );
}
