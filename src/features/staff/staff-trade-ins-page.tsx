import { Link } from 'react-router-dom';
import { TRADE_IN_REWARD_CENTS } from '@/catalog/add-ons';
import { formatUsd } from '@/catalog/money';
import { PAGE_TITLES } from '@/config/page-titles';
import { TRADE_IN_COUNTERS_PATH, TRADE_INS_DECLARED } from '@/data/staff';
import { TRADE_IN_STATES, tradeInIneligibility, type TradeInState } from '@/data/trade-in';
import { ActionError } from './components/action-error';
import { useAnnouncer } from './components/announcer';
import { useConfirmation } from './components/confirm-dialog';
import { DecisionButtons } from './components/decision-buttons';
import { OrderSummary, platformText } from './components/order-summary';
import { StaffPage } from './components/staff-page';
import { FilteredListSection, type FilteredListSpec } from './lists/filtered-list-section';
import { toTradeInOrder, tradeInPageRequest } from './people-lists';
import { callStaff } from './staff-api';
import { useMayTake, useStaff } from './staff-context';
import { customerPath } from './staff-links';
import type { StaffOrder } from './staff-records';
import { useStaffAction } from './use-staff-action';
import { TRADE_IN_STATE_WORDS } from './list-words';
import styles from './staff.module.scss';

const REWARD = formatUsd(TRADE_IN_REWARD_CENTS, { trimZeroCents: true });

export const TRADE_IN_PAGE_WORDS = {
  credited: (platform: string) => `Trade-in of ${platform} credited.`,
  alreadyCredited: (platform: string) => `Trade-in of ${platform} was credited already.`,
  declined: (platform: string) => `Trade-in of ${platform} declined.`,
  cannotCredit: 'Cannot be credited:',
} as const;

/** Why the console offers no press on this order's trade-in, in the words the `staff` function
 *  would refuse it with (src/data/trade-in.ts); null when it can be credited. */
function refusalOf(order: StaffOrder): string | null {
  const { subscription } = order;
  return tradeInIneligibility({
    applicationExist: order.applicationExist,
    customerId: subscription?.customerId,
    payment_status: order.paymentStatus,
    paymentsMade: subscription?.paymentsMade,
    subscriptionStatus: subscription?.subscriptionStatus,
  });
}

function TradeInItem({ order, announce }: { order: StaffOrder; announce: (text: string) => void }) {
  const { user } = useStaff();
  const mayDecide = useMayTake('confirmTradeIn');
  const { busy, error, run } = useStaffAction();
  const { ask, dialog } = useConfirmation();
  const platform = platformText(order.modelExistsOn);
  const email = order.customerEmail;
  const whom = email ?? 'the customer';
  const confirm = async () => {
    const confirmed = await ask({
      title: 'Credit this trade-in?',
      text: `${REWARD} is credited to ${whom}’s Stripe balance for the application on ${platform}, and ${whom} is mailed that it was. A credit is not taken back here.`,
      confirm: `Credit ${REWARD}`,
    });
    if (!confirmed) return;
    const done = await run('confirm', () => callStaff(user, 'confirmTradeIn', { orderId: order.id }));
    if (done)
      announce(done.outcome === 'credited' ? TRADE_IN_PAGE_WORDS.credited(platform) : TRADE_IN_PAGE_WORDS.alreadyCredited(platform));
  };
  const decline = async () => {
    const confirmed = await ask({
      title: 'Decline this trade-in?',
      text: `Nothing is credited for the application on ${platform}, and ${whom} is mailed that the trade-in was declined.`,
      confirm: 'Decline and mail the customer',
    });
    if (!confirmed) return;
    const done = await run('decline', () => callStaff(user, 'declineTradeIn', { orderId: order.id }));
    if (done) announce(TRADE_IN_PAGE_WORDS.declined(platform));
  };
  const undecided = order.declaredTradeIn?.state === 'awaiting';
  const refusal = undecided ? refusalOf(order) : null;
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
        undecided &&
        (refusal !== null ? (
          <p className={styles.note}>
            {TRADE_IN_PAGE_WORDS.cannotCredit} {refusal}
          </p>
        ) : (
          <>
            <DecisionButtons
              may={mayDecide}
              busy={busy}
              choices={[
                { key: 'confirm', label: 'Confirm trade-in', onPress: () => void confirm() },
                { key: 'decline', label: 'Decline trade-in', onPress: () => void decline(), variant: 'ghost' },
              ]}
            />
            <ActionError message={error} />
            {dialog}
          </>
        ))
      }
    />
  );
}

const TRADE_IN_LIST: FilteredListSpec<TradeInState, StaffOrder | null> = {
  titleId: 'trade-in-list-title',
  filter: { label: 'Trade-in state', all: 'All trade-ins', options: TRADE_IN_STATES, words: (each) => TRADE_IN_STATE_WORDS[each] },
  allTitle: 'All trade-ins',
  noun: 'trade-ins',
  empty: 'No order has declared a trade-in yet.',
  countsPath: TRADE_IN_COUNTERS_PATH,
  allCount: TRADE_INS_DECLARED,
  pageRequest: tradeInPageRequest,
  parse: toTradeInOrder,
  rowKey: (order) => order?.id ?? '',
};

/** /staff/trade-ins: orders that declared an application to trade in, newest first, a page at a time,
 *  all or one state's, and their credit. */
export default function StaffTradeInsPage() {
  const { region, announce } = useAnnouncer();
  return (
    <StaffPage
      title={PAGE_TITLES.staffTradeIns}
      summary={`Orders that declared an application to trade in, newest first. Confirming credits ${REWARD} to the customer’s Stripe balance, once; the next invoice shows it. Declining credits nothing. Either way the customer is mailed, and their order says it. Only a paid plan that has not ended can take a credit.`}
    >
      {region}
      <FilteredListSection spec={TRADE_IN_LIST} renderRow={(order) => order && <TradeInItem order={order} announce={announce} />} />
    </StaffPage>
  );
}
