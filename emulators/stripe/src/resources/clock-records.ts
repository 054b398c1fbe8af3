/**
 * Creating and finding test-clock records. Apart from `test-clocks.ts` (the API and advancing a
 * clock, which runs billing) because every new customer gets a clock (`customers.ts`), and billing
 * depends on customers: together they would import each other.
 */
import type Stripe from 'stripe';
import { standInNow, type StandIn } from '../core/context';
import { noSuchTestClock, found } from '../core/errors';
import { randomId } from '../core/ids';
import type { ClockRecord } from '../core/store';

/** Stripe deletes test clocks (and their objects) 30 days after creation. */
const CLOCK_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export function newClock(standIn: StandIn, frozenTime: number, name: string | null): ClockRecord {
  const created = standInNow(standIn);
  const clock: Stripe.TestHelpers.TestClock = {
    id: randomId('clock_', 24),
    object: 'test_helpers.test_clock',
    created,
    deletes_after: created + CLOCK_LIFETIME_SECONDS,
    frozen_time: frozenTime,
    livemode: false,
    name,
    status: 'ready',
    status_details: {},
  };
  const record: ClockRecord = { clock, now: frozenTime, advancing: null, seq: standIn.store.nextSeq() };
  standIn.store.clocks.set(clock.id, record);
  return record;
}

export function getClock(standIn: StandIn, id: string, param = 'id'): ClockRecord {
  return found(standIn.store.clocks.get(id), () => noSuchTestClock(id, param));
}
