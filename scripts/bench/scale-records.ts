/**
 * The records `npm run bench:scale` seeds, one builder per list, each in the shape the server's
 * writers store (the submitForm and staff functions, the checkout and webhook, sign-up and the
 * customerIndex trigger), with the index fields of src/data/list-index.ts. Pure and deterministic:
 * the i-th record of a size is the same on every run, so a second run can be compared with the first.
 * The counts the console's counters hold for them come from the same records (`ScaleTotals`).
 */
import { nextPushId } from '@leopard/rtdb-emulator/push-id';
import { TRADE_IN_PROVIDERS, TRADE_IN_REWARD_CENTS } from '../../src/catalog/add-ons';
import { PLAN_DETAILS, type PricedPlanId } from '../../src/catalog/plans';
import { SERVICE_IDS } from '../../src/catalog/services';
import { recurringPrice, termEnd, type SubscriptionStatus } from '../../src/catalog/subscription';
import type { SubmissionKind } from '../../src/config/data-limits';
import { paths } from '../../src/config/paths';
import { emailKey, searchKey, submissionGroup, submissionIndex, type CustomerIndexEntry } from '../../src/data/list-index';
import { isLivePlan } from '../../src/data/order-display';
import { toOrders, type OrderRecord, type StoredOrder } from '../../src/data/orders';
import { SUBMISSION_STATUSES, statusOf } from '../../src/data/staff';
import type { TradeInState } from '../../src/data/trade-in';

/** How N sign-ups are shared between the lists: most are the Space beta's waitlists (the issue's
 *  case), the rest the inbox and the pre-orders. Out of every 10: 5 open-access, 3 builder, 1
 *  contact, 1 pre-order. */
const LIST_CYCLE = [
  'open-access',
  'builder',
  'open-access',
  'builder',
  'open-access',
  'contact',
  'open-access',
  'builder',
  'open-access',
  'preorder',
] as const;
export type ScaleList = (typeof LIST_CYCLE)[number];

export const kindOfList = (list: ScaleList): SubmissionKind =>
  list === 'contact' ? 'contact' : list === 'preorder' ? 'preorder' : 'waitlist';

/** The sign-ups are spread over the 90 days before `now`, one at least a second apart, oldest first. */
const SPREAD_MS = 90 * 24 * 60 * 60 * 1000;

export function signUpTime(index: number, total: number, now: number): number {
  const step = Math.max(1000, Math.floor(SPREAD_MS / Math.max(total, 1)));
  return now - (total - index) * step;
}

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/** A push id for `ms` whose last 12 characters count `serial` (the SDK draws them at random): keys
 *  sort by time as push() keys do, and the same record gets the same key on every run. */
export function benchKey(ms: number, serial: number): string {
  let rest = '';
  let n = serial;
  for (let i = 0; i < 12; i++) {
    rest = PUSH_CHARS.charAt(n % 64) + rest;
    n = Math.floor(n / 64);
  }
  return nextPushId(ms).slice(0, 8) + rest;
}

const FIRST_NAMES = ['Amara', 'Lukas', 'Hana', 'Diego', 'Priya', 'Tomás', 'Zoë', 'Mateo', 'Aiko', 'Noah', 'Ines', 'Kwame'];
const LAST_NAMES = ['Okafor', 'Berger', 'Sato', 'Morales', 'Natarajan', 'Ferreira', "O'Brien", 'Novák', 'Lindqvist', 'Haddad'];

function personName(index: number): { first: string; last: string } {
  return { first: FIRST_NAMES[index % FIRST_NAMES.length]!, last: `${LAST_NAMES[(index >> 3) % LAST_NAMES.length]!} ${index}` };
}

/** Most records stay in their first state; one in five moved on, one in twenty to the last. Counted
 *  by the round of LIST_CYCLE, so that every list has records in every state. */
function statusFor(kind: SubmissionKind, index: number): string {
  const statuses = SUBMISSION_STATUSES[kind];
  const step = Math.floor(index / LIST_CYCLE.length) % 20;
  return step === 0 ? statuses[2] : step % 5 === 1 ? statuses[1] : statuses[0];
}

export interface SeededSubmission {
  kind: SubmissionKind;
  /** The waitlist's programme, else the kind: the `g` of its index. */
  group: string;
  key: string;
  record: Record<string, unknown>;
}

/** The index-th of `total` sign-ups, as submitForm stores it and the staff function moves it. */
export function buildSubmission(index: number, total: number, now: number): SeededSubmission {
  const list = LIST_CYCLE[index % LIST_CYCLE.length]!;
  const kind = kindOfList(list);
  const createdAt = signUpTime(index, total, now);
  const { first, last } = personName(index);
  const name = `${first} ${last}`;
  const email = `${first.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')}.${index}@bench.example.com`;
  const status = statusFor(kind, index);
  const moved = status !== SUBMISSION_STATUSES[kind][0] ? { statusChangedAt: createdAt + 3_600_000, statusChangedBy: 'demo-staff' } : {};
  const visitor =
    kind === 'contact'
      ? {
          name,
          email,
          phone: `+1 619 555 ${String(index % 10_000).padStart(4, '0')}`,
          city: 'San Diego',
          message: `Bench inquiry ${index}: we would like a quote for a booking app.`,
          page: paths.contact,
        }
      : kind === 'waitlist'
        ? { full__name: name, email, page: paths.waitlist, programme: list }
        : { full__name: name, email, page: paths.preorder };
  const index_ = submissionIndex({ kind, programme: list, status, email, name });
  return {
    kind,
    group: submissionGroup(kind, list),
    key: benchKey(createdAt, index),
    record: { ...visitor, createdAt, status, ...moved, ...index_ },
  };
}

const PLANS: readonly PricedPlanId[] = ['earth', 'bronze', 'silver', 'gold', 'diamond-peak', 'platinum-unlimited'];

/** How an order ended, out of every 20: 14 paid plans (of which 1 canceled, 1 past due), 3 unpaid
 *  checkouts, 3 expired. */
function outcomeFor(index: number): { payment: 'paid' | 'unpaid' | 'expired'; subscription: SubscriptionStatus | null } {
  const step = index % 20;
  if (step < 12) return { payment: 'paid', subscription: 'active' };
  if (step === 12) return { payment: 'paid', subscription: 'canceled' };
  if (step === 13) return { payment: 'paid', subscription: 'past_due' };
  if (step < 17) return { payment: 'unpaid', subscription: null };
  return { payment: 'expired', subscription: null };
}

/** Out of every 7 orders, one declared a trade-in; those go through the four states in turn. */
const TRADE_IN_STATES: readonly TradeInState[] = ['awaiting', 'credited', 'declined', 'awaiting'];

export interface SeededOrder {
  key: string;
  record: OrderRecord & { tradeInState?: TradeInState };
}

/** The index-th of `total` orders, as the checkout writes it and the webhook completes it; the
 *  buyer is one of `customers` accounts (every third order is a guest's). */
export function buildOrder(index: number, total: number, customers: number, now: number): SeededOrder {
  const createdAt = signUpTime(index, total, now);
  const key = benchKey(createdAt, index);
  const plan = PLANS[index % PLANS.length]!;
  const period = index % 4 === 3 ? 'yearly' : 'monthly';
  const storage = index % 3 === 0;
  const security = index % 2 === 0;
  const marketing = index % 5 === 0;
  const { unitAmountCents, termPayments } = recurringPrice({ plan, period, storage, security, marketing });
  const tradeInIndex = index % 7 === 0 ? (index / 7) % TRADE_IN_STATES.length : -1;
  const tradeInState = tradeInIndex >= 0 ? TRADE_IN_STATES[tradeInIndex]! : undefined;
  const buyer = index % 3 === 2 || customers === 0 ? undefined : customerUid(index % customers);
  const { payment, subscription } = outcomeFor(index);
  const storageSize = PLAN_DETAILS[plan].figures?.storageAddOn.size;
  const record: SeededOrder['record'] = {
    product: SERVICE_IDS[index % 3]!,
    tier: plan,
    securitySelected: security,
    marketingSelected: marketing,
    applicationExist: tradeInState !== undefined,
    ...(tradeInState !== undefined ? { modelExistsOn: TRADE_IN_PROVIDERS[index % TRADE_IN_PROVIDERS.length]!, tradeInState } : {}),
    ...(storage && storageSize ? { additionalStorage: storageSize } : {}),
    productAmount: unitAmountCents,
    payment_status: payment,
    ...(buyer ? { buyer } : {}),
    pushKey: key,
    stripeId: `cs_test_bench${index}`,
    createdAt,
    billingPeriod: period,
    amountPerPeriod: unitAmountCents,
    termPayments,
  };
  if (payment === 'paid') {
    Object.assign(record, {
      customerEmail: `buyer.${index}@bench.example.com`,
      customerId: `cus_bench${index}`,
      subscriptionId: `sub_bench${index}`,
      subscriptionStatus: subscription,
      paymentsMade: 1,
      currentPeriodEnd: createdAt + (period === 'yearly' ? 365 : 30) * 86_400_000,
      termEndsAt: termEnd(createdAt),
      subscriptionFetchedAt: createdAt + 5_000,
      ...(subscription === 'canceled' ? { endedAt: createdAt + 86_400_000 } : {}),
      checkoutTotals: { subtotal: unitAmountCents, discount: 0, tax: 0, total: unitAmountCents },
    });
  }
  if (tradeInState === 'credited') {
    record.tradeIn = {
      status: 'credited',
      amount: TRADE_IN_REWARD_CENTS,
      balanceTransactionId: `cbtxn_bench${index}`,
      creditedAt: createdAt + 86_400_000,
      creditedBy: 'demo-staff',
    };
  }
  if (tradeInState === 'declined') {
    record.tradeIn = { status: 'declined', amount: 0, declinedAt: createdAt + 86_400_000, declinedBy: 'demo-staff' };
  }
  return { key, record };
}

export const customerUid = (index: number) => `bench-customer-${String(index).padStart(7, '0')}`;

export interface SeededCustomer {
  uid: string;
  user: Record<string, unknown>;
  entry: CustomerIndexEntry;
}

/** The index-th of `total` accounts: its profile as sign-up writes it, and its customer_index line. */
export function buildCustomer(index: number, total: number, now: number): SeededCustomer {
  const at = signUpTime(index, total, now);
  const { first, last } = personName(index + 7);
  const email = `customer.${index}@bench.example.com`;
  const name = `${first} ${last}`;
  return {
    uid: customerUid(index),
    user: {
      firstName: first,
      lastName: last,
      email,
      phoneNumber: `+1619555${String(index % 10_000).padStart(4, '0')}`,
      address: `${(index % 900) + 100} B Street, San Diego, CA 92101`,
      country: 'US',
      birthDate: 'March/14/1990',
      verificationMethod: 'text',
      receiveAnnouncements: index % 2 === 0,
      receiveAppsMusicTV: false,
      emailVerified: true,
      createdAt: new Date(at).toISOString(),
    },
    entry: { name, email, at, e: emailKey(email), n: searchKey(name) },
  };
}

/** What the counters and figures hold for a set of records: staff_counters/<kind>/<status>,
 *  staff_group_counters/<group>/<status> (the waitlist's programmes) and staff_figures. */
export interface ScaleTotals {
  counters: Record<SubmissionKind, Record<string, number>>;
  groups: Record<string, Record<string, number>>;
  plans: PlanSums;
  customers: number;
}

export function emptyTotals(): ScaleTotals {
  const zeros = (kind: SubmissionKind) => Object.fromEntries(SUBMISSION_STATUSES[kind].map((status) => [status, 0]));
  return {
    counters: { contact: zeros('contact'), waitlist: zeros('waitlist'), preorder: zeros('preorder') },
    groups: { 'open-access': zeros('waitlist'), builder: zeros('waitlist') },
    plans: { activePlans: 0, monthlyCents: 0, yearlyCents: 0 },
    customers: 0,
  };
}

/** Adds one submission to the counts (a record without a state is in its kind's first). */
export function countSubmission(totals: ScaleTotals, kind: SubmissionKind, record: Readonly<Record<string, unknown>>): void {
  const status = statusOf(kind, record.status);
  totals.counters[kind][status] = (totals.counters[kind][status] ?? 0) + 1;
  if (kind !== 'waitlist') return;
  const group = submissionGroup(kind, record.programme);
  totals.groups[group]![status] = (totals.groups[group]![status] ?? 0) + 1;
}

/** What the plans bring in, summed as the Overview sums it (monthlyRecurringCents of the console):
 *  the yearly charges are summed before dividing, so the rounding happens once. */
export interface PlanSums {
  activePlans: number;
  monthlyCents: number;
  yearlyCents: number;
}

export function countOrders(sums: PlanSums, orders: Readonly<Record<string, StoredOrder>>): void {
  for (const order of toOrders(orders)) {
    if (!order.subscription || !isLivePlan(order)) continue;
    sums.activePlans += 1;
    if (order.subscription.billingPeriod === 'yearly') sums.yearlyCents += order.subscription.amountPerPeriod;
    else sums.monthlyCents += order.subscription.amountPerPeriod;
  }
}

/** staff_figures as its triggers keep it. */
export function figuresOf({ plans, customers }: ScaleTotals): { activePlans: number; mrrCents: number; customers: number } {
  return { activePlans: plans.activePlans, mrrCents: plans.monthlyCents + Math.round(plans.yearlyCents / 12), customers };
}
