/** The trade-in credit: once an admin confirms the application a buyer declared for trade-in, the
 *  catalogue's trade-in reward is credited to the customer's Stripe balance, which the next invoice
 *  takes (docs/decisions/0108-staff-console.md, docs/product.md#add-ons-and-trade-in). Once, whatever
 *  happens: a transaction claims the order (`crediting`) so that only one credit is ever started,
 *  the balance transaction is made with the idempotency key `trade-in-<orderId>` (and looked for
 *  first when resuming, since Stripe forgets keys after a day), then the order says `credited`.
 *  A call that finds `crediting` (a crash between the steps, or a second press racing the first)
 *  repeats the same idempotent call. */
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import { TRADE_IN_REWARD_CENTS } from '../../../src/catalog/add-ons';
import { type OrderTradeInRecord, orderPath } from '../../../src/data/orders';
import { withTradeInState } from '../../../src/data/order-index-fields';
import { tradeInIneligibility } from '../../../src/data/trade-in';
import type { OrderData } from './subscription-sync';

export type TradeInOutcome =
  | { outcome: 'credited'; tradeIn: OrderTradeInRecord }
  | { outcome: 'already-credited'; tradeIn: OrderTradeInRecord }
  | { outcome: 'not-found' }
  | { outcome: 'not-eligible'; reason: string };

/** Said when a decided trade-in is pressed the other way: a decision is not taken back. */
export const TRADE_IN_DECIDED = {
  declined: 'This trade-in was declined; a declined trade-in cannot be credited.',
  credited: 'This trade-in was credited to the customer’s Stripe balance; a credited trade-in cannot be declined.',
} as const;

export interface TradeInDependencies {
  database: Database;
  stripe: Stripe;
  /** Milliseconds since the epoch; the tests pass their own. */
  now?: () => number;
}

export const TRADE_IN_CURRENCY = 'usd';

export const tradeInIdempotencyKey = (orderId: string) => `trade-in-${orderId}`;

function storedTradeIn(value: unknown): OrderTradeInRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<OrderTradeInRecord>;
  return record.status === 'crediting' || record.status === 'credited' || record.status === 'declined'
    ? (record as OrderTradeInRecord)
    : null;
}

type Claim =
  | { kind: 'missing' }
  | { kind: 'refused'; reason: string }
  | { kind: 'done'; tradeIn: OrderTradeInRecord }
  /** This call claimed it, or found it claimed: either way it makes (or finds) the credit. */
  | { kind: 'credit'; tradeIn: OrderTradeInRecord; customerId: string };

async function claim(deps: TradeInDependencies, orderId: string, actorUid: string, at: number): Promise<Claim> {
  let decided: Claim = { kind: 'missing' };
  const result = await deps.database.ref(orderPath(orderId)).transaction((current: OrderData | null) => {
    decided = { kind: 'missing' };
    // null can be the SDK's first guess before it has the stored value; writing null back (a
    // no-op if the order really is gone) makes the server answer with what is stored.
    if (current === null) return null;
    const existing = storedTradeIn(current.tradeIn);
    if (existing?.status === 'credited') {
      decided = { kind: 'done', tradeIn: existing };
      return undefined;
    }
    if (existing?.status === 'declined') {
      decided = { kind: 'refused', reason: TRADE_IN_DECIDED.declined };
      return undefined;
    }
    // The console offers the press only where this finds nothing (src/data/trade-in.ts).
    const reason = tradeInIneligibility(current);
    if (reason !== null) {
      decided = { kind: 'refused', reason };
      return undefined;
    }
    const customerId = current.customerId as string;
    if (existing?.status === 'crediting') {
      decided = { kind: 'credit', tradeIn: existing, customerId };
      return undefined;
    }
    const tradeIn: OrderTradeInRecord = { status: 'crediting', amount: TRADE_IN_REWARD_CENTS, claimedBy: actorUid, claimedAt: at };
    decided = { kind: 'credit', tradeIn, customerId };
    return withTradeInState({ ...current, tradeIn });
  });
  if (result.snapshot.val() === null) return { kind: 'missing' };
  return decided;
}

/** The balance transaction of this order's credit, made now or found from an earlier try. */
async function balanceTransaction(
  stripe: Stripe,
  customerId: string,
  orderId: string,
  amount: number,
): Promise<Stripe.CustomerBalanceTransaction> {
  for await (const transaction of stripe.customers.listBalanceTransactions(customerId, { limit: 100 })) {
    if (transaction.type === 'adjustment' && transaction.metadata?.orderId === orderId) return transaction;
  }
  // Everything in the request is fixed by the order, so a repeat is the same request and Stripe
  // answers it with the transaction it already made.
  return stripe.customers.createBalanceTransaction(
    customerId,
    { amount: -amount, currency: TRADE_IN_CURRENCY, description: `Trade-in credit for order ${orderId}`, metadata: { orderId } },
    { idempotencyKey: tradeInIdempotencyKey(orderId) },
  );
}

export async function creditTradeIn(deps: TradeInDependencies, orderId: string, actorUid: string): Promise<TradeInOutcome> {
  const now = deps.now ?? Date.now;
  const claimed = await claim(deps, orderId, actorUid, now());
  if (claimed.kind === 'missing') return { outcome: 'not-found' };
  if (claimed.kind === 'refused') return { outcome: 'not-eligible', reason: claimed.reason };
  if (claimed.kind === 'done') return { outcome: 'already-credited', tradeIn: claimed.tradeIn };

  const { amount } = claimed.tradeIn;
  const transaction = await balanceTransaction(deps.stripe, claimed.customerId, orderId, amount);
  const credited: OrderTradeInRecord = {
    status: 'credited',
    amount,
    balanceTransactionId: transaction.id,
    creditedAt: now(),
    creditedBy: actorUid,
  };
  let earlier: OrderTradeInRecord | null = null;
  // On the order, not its tradeIn alone, so its tradeInState moves in the same write.
  await deps.database.ref(orderPath(orderId)).transaction((current: OrderData | null) => {
    earlier = null;
    // The SDK's first guess (see claim); the claim is stored, so the server answers with it. An
    // order deleted meanwhile is not brought back as a lone tradeIn.
    if (current === null) return null;
    const stored = storedTradeIn(current.tradeIn);
    if (stored?.status === 'credited') {
      earlier = stored;
      return undefined;
    }
    return withTradeInState({ ...current, tradeIn: credited });
  });
  return earlier !== null ? { outcome: 'already-credited', tradeIn: earlier } : { outcome: 'credited', tradeIn: credited };
}

export type TradeInDeclineOutcome =
  | { outcome: 'declined'; tradeIn: OrderTradeInRecord }
  | { outcome: 'already-declined'; tradeIn: OrderTradeInRecord }
  | { outcome: 'not-found' }
  | { outcome: 'not-eligible'; reason: string };

/** An admin declines the declared trade-in: nothing is credited, and the order says so. Only while
 *  nobody has started a credit (a `crediting` claim goes on to Stripe whatever happens), in the same
 *  kind of transaction as the claim, so a decline and a confirm racing each other end in one. */
export async function declineTradeIn(
  deps: Pick<TradeInDependencies, 'database' | 'now'>,
  orderId: string,
  actorUid: string,
): Promise<TradeInDeclineOutcome> {
  const at = (deps.now ?? Date.now)();
  let decided: TradeInDeclineOutcome = { outcome: 'not-found' };
  const result = await deps.database.ref(orderPath(orderId)).transaction((current: OrderData | null) => {
    decided = { outcome: 'not-found' };
    if (current === null) return null;
    if (current.applicationExist !== true) {
      decided = { outcome: 'not-eligible', reason: tradeInIneligibility(current) ?? '' };
      return undefined;
    }
    const existing = storedTradeIn(current.tradeIn);
    if (existing?.status === 'declined') {
      decided = { outcome: 'already-declined', tradeIn: existing };
      return undefined;
    }
    if (existing !== null) {
      decided = { outcome: 'not-eligible', reason: TRADE_IN_DECIDED.credited };
      return undefined;
    }
    const tradeIn: OrderTradeInRecord = { status: 'declined', amount: 0, declinedAt: at, declinedBy: actorUid };
    decided = { outcome: 'declined', tradeIn };
    return withTradeInState({ ...current, tradeIn });
  });
  if (result.snapshot.val() === null) return { outcome: 'not-found' };
  return decided;
}
