/** The Stripe Customer of each signed-in buyer, kept at customers/{uid} = { stripeCustomerId,
 *  createdAt } (closed to browsers by the rules). One customer per account means one card on file,
 *  one billing portal with every subscription in it, and renewals billed to the same person. The
 *  browser never names a customer: the functions look it up from the verified uid. */
import { createHash } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import { isStripeId } from './stripe-ids';

export const CUSTOMERS_PATH = 'customers';

export interface CustomerRecord {
  stripeCustomerId: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** A Firebase uid that can be a database key: 1–128 characters, none of `.#$[]/` or controls. */
export function isUid(value: unknown): value is string {
  // eslint-disable-next-line no-control-regex -- Firebase keys may not contain control characters: matching them is the point.
  return typeof value === 'string' && /^[^.#$[\]/\u0000-\u001f\u007f]{1,128}$/.test(value);
}

/** The uid's stored customer id, or null when it has none yet. */
export async function storedCustomerId(database: Database, uid: string): Promise<string | null> {
  const value = (await database.ref(`${CUSTOMERS_PATH}/${uid}/stripeCustomerId`).get()).val() as unknown;
  return isStripeId('customer', value) ? value : null;
}

/** Makes `customerId` the uid's customer unless it already has one (a transaction, so two
 *  requests cannot replace each other's), and answers the customer the uid has now. */
export async function keepCustomer(database: Database, uid: string, customerId: string, now: () => number = Date.now): Promise<string> {
  const result = await database.ref(`${CUSTOMERS_PATH}/${uid}`).transaction((current: Partial<CustomerRecord> | null) => {
    if (current !== null && isStripeId('customer', current.stripeCustomerId)) return undefined;
    const record: CustomerRecord = { stripeCustomerId: customerId, createdAt: now() };
    return record;
  });
  const kept = (result.snapshot.val() as Partial<CustomerRecord> | null)?.stripeCustomerId;
  if (!isStripeId('customer', kept)) throw new Error(`customers/${uid} holds no customer id after the transaction`);
  return kept;
}

/** Stripe's idempotency key for creating the uid's customer: two tabs checking out at once send
 *  the same request with the same key and get the same customer. The email is part of it because
 *  a key may only be reused with the same parameters. */
export function customerIdempotencyKey(uid: string, email: string | null): string {
  const digest = createHash('sha256')
    .update(`${uid}\n${email ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  return `customer-${digest}`;
}

/** The buyer's customer: the stored one, or a new one (with the verified token's email and the
 *  uid in its metadata, so Stripe's events lead back to the account). */
export async function customerForBuyer(
  deps: { database: Database; stripe: Stripe },
  buyer: { uid: string; email: string | null },
): Promise<string> {
  const existing = await storedCustomerId(deps.database, buyer.uid);
  if (existing !== null) return existing;
  const customer = await deps.stripe.customers.create(
    { ...(buyer.email ? { email: buyer.email } : {}), metadata: { uid: buyer.uid } },
    { idempotencyKey: customerIdempotencyKey(buyer.uid, buyer.email) },
  );
  return keepCustomer(deps.database, buyer.uid, customer.id);
}

/** The account a Stripe customer belongs to: the uid in its metadata when customers/{uid} agrees,
 *  else the account whose record names it (a guest's customer linked by claimGuestOrders). The
 *  metadata alone is not trusted: a customer is an account's only if that account's record says
 *  so, so a second customer of the same person can never overwrite the first one's card. */
export async function accountOfCustomer(database: Database, customer: Pick<Stripe.Customer, 'id' | 'metadata'>): Promise<string | null> {
  const named = customer.metadata?.uid;
  if (isUid(named) && (await storedCustomerId(database, named)) === customer.id) return named;
  const found = await database.ref(CUSTOMERS_PATH).orderByChild('stripeCustomerId').equalTo(customer.id).limitToFirst(1).get();
  let uid: string | null = null;
  found.forEach((child) => {
    uid = child.key;
    return true;
  });
  return uid;
}
