/** The staff overview's figures at staff_figures: the plans customers have now and their monthly
 *  recurring revenue, kept from every write of all_orders/<id> (the webhook's, checkout's, a
 *  claim's, a deletion's), and how many customer profiles users/<uid> exist. Moved by each write's
 *  change, once per event, on the counters' ledger, so Overview reads three numbers whatever the
 *  number of orders (docs/decisions/0112-staff-counters-by-trigger.md). */
import type { Database } from 'firebase-admin/database';
import { orderFigures } from '../../../src/data/order-figures';
import { ORDERS_PATH } from '../../../src/data/orders';
import { STAFF_FIGURES_PATH, TRADE_IN_COUNTERS_PATH, TRADE_INS_DECLARED } from '../../../src/data/staff';
import { isTradeInState, TRADE_IN_STATES } from '../../../src/data/trade-in';
import { applyOnce, changeOf, type CountOutcome, type CountedSource, type Increments, type LedgerEvent } from './event-ledger';

const ACTIVE_PLANS = `${STAFF_FIGURES_PATH}/activePlans`;
const MRR_CENTS = `${STAFF_FIGURES_PATH}/mrrCents`;
const CUSTOMERS = `${STAFF_FIGURES_PATH}/customers`;

const tradeInCounter = (state: string) => `${TRADE_IN_COUNTERS_PATH}/${state}`;
/** Every order that declared a trade-in, as the page's "All trade-ins" lists them (applicationExist),
 *  one whose state is not written yet included. */
const DECLARED = tradeInCounter(TRADE_INS_DECLARED);

/** all_orders: each order adds its orderFigures, the one definition the browser shares, and, when
 *  it declared a trade-in, one to the trade-ins and one to its state's count, as the Trade-ins page
 *  lists it. */
export const ORDER_SOURCE: CountedSource = {
  path: ORDERS_PATH,
  counters: [ACTIVE_PLANS, MRR_CENTS, DECLARED, ...TRADE_IN_STATES.map(tradeInCounter)],
  contribution: (record) => {
    const { activePlans, mrrCents } = orderFigures(record);
    // Listed as the Trade-ins page lists it: by applicationExist and the stored tradeInState.
    const { applicationExist, tradeInState } = (record ?? {}) as { applicationExist?: unknown; tradeInState?: unknown };
    return {
      [ACTIVE_PLANS]: activePlans,
      [MRR_CENTS]: mrrCents,
      ...(applicationExist === true ? { [DECLARED]: 1 } : {}),
      ...(isTradeInState(tradeInState) ? { [tradeInCounter(tradeInState)]: 1 } : {}),
    };
  },
};

/** users: a profile that exists is one customer. */
export const PROFILE_SOURCE: CountedSource = {
  path: 'users',
  counters: [CUSTOMERS],
  contribution: (record): Increments => (record === null || record === undefined ? {} : { [CUSTOMERS]: 1 }),
};

/** The two triggers' names in the shared ledger: one database write may reach both with one id. */
export const ORDER_LEDGER = 'orders';
export const PROFILE_LEDGER = 'users';

export interface RecordWrite extends Omit<LedgerEvent, 'ledger'> {
  before: unknown;
  after: unknown;
}

/** An order's write: a plan that became live +1 and its monthly charge, one that ended -1 and
 *  its charge, a plan change the difference of the two charges, anything else nothing. */
export function countOrderWrite(database: Database, write: RecordWrite): Promise<CountOutcome> {
  return applyOnce(database, { ...write, ledger: ORDER_LEDGER }, changeOf(ORDER_SOURCE, write.before, write.after));
}

/** A profile's write: created +1, deleted -1, an edit nothing. */
export function countProfileWrite(database: Database, write: RecordWrite): Promise<CountOutcome> {
  return applyOnce(database, { ...write, ledger: PROFILE_LEDGER }, changeOf(PROFILE_SOURCE, write.before, write.after));
}
