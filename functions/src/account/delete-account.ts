/** deleteAccount: the person closes their account (docs/decisions/0119-account-deletion-and-retention.md).
 *  POST `{confirmation: "DELETE"}` with an ID token from a sign-in of the last five minutes →
 *  200 `{deleted: true}`. The steps run in a fixed order and each is safe to run again, so a
 *  retry after a failure half way finishes the job:
 *    1. closed_accounts/<uid> and account_deletions/<sha256(uid)> record the start (and, as they
 *       happen, each step): from then on the rules refuse the account's writes, stripeCheckout
 *       refuses it, and the webhook refunds a checkout of it that still gets paid;
 *    2. the account's refresh tokens are revoked: its ID tokens are refused by every function;
 *    3. its open Checkout sessions are expired, so none can be paid any more;
 *    4. every live subscription of the account is canceled at once (no refund);
 *    5. its orders lose the buyer's uid and email, keeping what accounting needs; its claim and
 *       manage links go;
 *    6. users/<uid>, billing/<uid>, customers/<uid> and staff_roles/<uid> are deleted;
 *    7. the confirmation is mailed, once;
 *    8. the Auth user is deleted, last, so that until then the person can sign in again to retry;
 *  and the record keeps only {uidHash, finishedAt}. */
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import Stripe from 'stripe';
import { isEndedSubscriptionStatus } from '../../../src/catalog/subscription';
import { BILLING_PATH } from '../../../src/data/billing';
import { PERSONAL_DATA_REMOVED_FIELD, orderPath, CLAIM_LINKS_PATH, MANAGE_LINKS_PATH } from '../../../src/data/orders';
import { STAFF_ROLES_PATH } from '../../../src/data/staff';
import { CLOSED_ACCOUNTS_PATH, USERS_PATH } from '../../../src/data/users';
import { CUSTOMERS_PATH } from '../stripe/customers';
import { accountDeletedMail, sendMail, type MailOutcome, type MailSettings } from '../mail';
import { isStripeId } from '../stripe/stripe-ids';
import { accountCustomerIds, accountOrders, authUserOrNull, type AccountOrder } from './account-records';
import { ACCOUNT_DELETIONS_PATH, uidHash, type ClosedAccount } from './closed-accounts';
import { ACCOUNT_MESSAGES, AccountRefusal, accountBody, accountEndpoint, identifyAccount, type AccountAuth } from './endpoint';

export { ACCOUNT_DELETIONS_PATH, uidHash } from './closed-accounts';

export const DELETE_CONFIRMATION = 'DELETE';
/** How recent the sign-in must be: the person typed their password just before confirming. */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;

export const DELETE_ACCOUNT_MESSAGES = {
  confirmation: `Type ${DELETE_CONFIRMATION} to confirm.`,
  reauth: 'For your safety, enter your password again to delete your account.',
  stripe:
    'We could not close your checkouts and cancel your plans with our payment provider just now. Nothing was lost: please try again in a minute.',
} as const;

export interface DeleteAccountDependencies {
  auth: AccountAuth & Pick<Auth, 'getUser' | 'deleteUser' | 'revokeRefreshTokens'>;
  database: Database;
  stripe: Stripe;
  mail: MailSettings;
  siteOrigins: readonly string[];
  now?: () => number;
}

/** account_deletions/<uidHash> while the steps run. */
export interface DeletionInProgress {
  startedAt: number;
  /** When each step finished, ms. */
  steps?: Partial<Record<'tokensRevoked' | 'sessionsExpired' | 'subscriptionsCanceled' | 'ordersAnonymised' | 'recordsDeleted', number>>;
  /** Each Checkout session this deletion expired, with when. */
  expiredSessions?: Record<string, number>;
  /** Each subscription this deletion canceled, with when. */
  canceledSubscriptions?: Record<string, number>;
  /** The confirmation: claimed before sending, so it goes once even when two requests race. */
  mail?: { claimedAt: number; outcome?: MailOutcome['status'] };
}

/** account_deletions/<uidHash> once finished: nothing that leads back to the person. */
export interface DeletionFinished {
  uidHash: string;
  finishedAt: number;
}

type RecordRef = ReturnType<Database['ref']>;

/** What the two Stripe steps work on: the account's orders and customers, and the deletion's record. */
interface StripeStep {
  deps: DeleteAccountDependencies;
  record: RecordRef;
  orders: readonly AccountOrder[];
  customerIds: readonly string[];
  now: number;
}

/** Step 3: the account's open Checkout sessions, expired so that none can be paid after this: those
 *  of its unpaid orders, and any other of its Stripe customers' (one opened as the deletion
 *  started, its order not written yet). */
async function expireOpenSessions({ deps, record, orders, customerIds, now }: StripeStep): Promise<void> {
  const ids = new Set<string>();
  for (const { record: order } of orders) {
    if (order.payment_status === 'unpaid' && isStripeId('checkoutSession', order.stripeId)) ids.add(order.stripeId);
  }
  for (const customer of customerIds) {
    for await (const session of deps.stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 })) ids.add(session.id);
  }
  for (const id of ids) {
    if ((await deps.stripe.checkout.sessions.retrieve(id)).status !== 'open') continue;
    try {
      await deps.stripe.checkout.sessions.expire(id);
    } catch (error) {
      // Paid or expired in between: a paid one is refunded by the webhook (checkout-events.ts).
      if ((await deps.stripe.checkout.sessions.retrieve(id)).status === 'open') throw error;
      continue;
    }
    await write(record.child(`expiredSessions/${id}`), now);
  }
}

/** Cancels the subscription now, with Stripe's defaults (no proration credit, no final invoice: the
 *  period is not refunded); false when it had already ended. A racing request (another delivery,
 *  the same deletion again) may cancel it in between: that counts as canceled. */
export async function cancelIfLive(stripe: Stripe, id: string, idempotencyKey: string): Promise<boolean> {
  if (isEndedSubscriptionStatus((await stripe.subscriptions.retrieve(id)).status)) return false;
  try {
    await stripe.subscriptions.cancel(id, {}, { idempotencyKey });
  } catch (error) {
    if (!isEndedSubscriptionStatus((await stripe.subscriptions.retrieve(id)).status)) throw error;
  }
  return true;
}

/** Step 4: every live subscription of the account's orders and customers, canceled now. */
async function cancelSubscriptions({ deps, record, orders, customerIds, now }: StripeStep): Promise<void> {
  const ids = new Set<string>();
  for (const { record: order } of orders) if (typeof order.subscriptionId === 'string') ids.add(order.subscriptionId);
  for (const customer of customerIds) {
    for await (const subscription of deps.stripe.subscriptions.list({ customer, status: 'all', limit: 100 })) ids.add(subscription.id);
  }
  for (const id of ids) {
    if (await cancelIfLive(deps.stripe, id, `delete-account-${id}`)) await write(record.child(`canceledSubscriptions/${id}`), now);
  }
}

/** Writes `value` at `ref` as a transaction: two deletions of one account may run at once on one
 *  instance, and there a set() aborts the other's pending transaction on an overlapping path (the
 *  start, the mail's claim) with "Error: set", where a transaction is run again instead. */
function write(ref: RecordRef, value: unknown): Promise<unknown> {
  return ref.transaction(() => value);
}

/** Step 5: each order keeps its accounting fields and loses who bought it; its guest claim link
 *  (docs/decisions/0110-guest-orders-by-proof-of-purchase.md) and manage links
 *  (docs/decisions/0117-guest-manage-links.md) go. */
async function anonymiseOrders(database: Database, orders: readonly AccountOrder[], now: number): Promise<void> {
  for (const { id } of orders) await anonymiseOrder(database, id, now);
}

/** One order without its buyer: one update, so the buyer and the links go together or not at all.
 *  The webhook does the same to a checkout paid for an account being closed (closed-account-checkout.ts). */
export async function anonymiseOrder(database: Database, orderId: string, now: number): Promise<void> {
  const manageLinks = await database.ref(MANAGE_LINKS_PATH).orderByChild('orderId').equalTo(orderId).get();
  const update: Record<string, unknown> = {
    [`${orderPath(orderId)}/buyer`]: null,
    [`${orderPath(orderId)}/customerEmail`]: null,
    [`${orderPath(orderId)}/${PERSONAL_DATA_REMOVED_FIELD}`]: now,
    [`${CLAIM_LINKS_PATH}/${orderId}`]: null,
  };
  manageLinks.forEach((link) => {
    update[`${MANAGE_LINKS_PATH}/${link.key}`] = null;
  });
  await database.ref().update(update);
}

/** Step 7: the confirmation, claimed in a transaction so it goes once. */
async function mailOnce(deps: DeleteAccountDependencies, record: RecordRef, to: string | null, now: number) {
  if (to === null) return;
  let claimed = false;
  await record.child('mail').transaction((current: unknown) => {
    claimed = current === null;
    return current === null ? { claimedAt: now } : undefined;
  });
  if (!claimed) return;
  const count = async (child: 'canceledSubscriptions' | 'expiredSessions') =>
    Object.keys(((await record.child(child).get()).val() ?? {}) as Record<string, number>).length;
  const outcome = await sendMail(deps.mail, {
    to,
    ...accountDeletedMail({
      siteUrl: deps.mail.siteUrl,
      canceledPlans: await count('canceledSubscriptions'),
      expiredCheckouts: await count('expiredSessions'),
    }),
  });
  // Not retried: a mail that fails must not keep the account alive.
  await write(record.child('mail/outcome'), outcome.status);
}

export async function handleDeleteAccount(request: Request, response: Response, deps: DeleteAccountDependencies): Promise<void> {
  await accountEndpoint(request, response, deps.siteOrigins, async () => {
    const body = accountBody(request);
    const caller = await identifyAccount(deps.auth, request.get('Authorization'));
    const now = (deps.now ?? Date.now)();
    if (now - caller.authTime > REAUTH_WINDOW_MS) throw new AccountRefusal(401, DELETE_ACCOUNT_MESSAGES.reauth, 'reauth-required');
    if (body.confirmation !== DELETE_CONFIRMATION)
      throw new AccountRefusal(400, DELETE_ACCOUNT_MESSAGES.confirmation, undefined, 'confirmation');

    const hash = uidHash(caller.uid);
    const record = deps.database.ref(`${ACCOUNT_DELETIONS_PATH}/${hash}`);
    const stored = (await record.get()).val() as (Partial<DeletionInProgress> & Partial<DeletionFinished>) | null;
    const finished: DeletionFinished = { uidHash: hash, finishedAt: now };
    if (typeof stored?.finishedAt === 'number') {
      response.status(200).json({ deleted: true });
      return;
    }
    const user = await authUserOrNull(() => deps.auth.getUser(caller.uid));
    if (user === null) {
      // Gone before this deletion wrote its end (step 6 done, the last write not): finish it.
      if (stored === null) throw new AccountRefusal(401, ACCOUNT_MESSAGES.gone);
      await write(record, finished);
      response.status(200).json({ deleted: true });
      return;
    }

    // 1. The start, once; a retry keeps the first. The closed record is written again by every run:
    // it must outlive the ID tokens of the last sign-in that ran one (CLOSED_ACCOUNT_RETENTION_MS).
    await record.transaction((current: unknown) => (current === null ? { startedAt: now } : undefined));
    const closed: ClosedAccount = { closedAt: now };
    await write(deps.database.ref(`${CLOSED_ACCOUNTS_PATH}/${caller.uid}`), closed);
    const steps = ((await record.child('steps').get()).val() ?? {}) as NonNullable<DeletionInProgress['steps']>;
    const done = (step: keyof NonNullable<DeletionInProgress['steps']>) => write(record.child(`steps/${step}`), now);

    // 2. Every run: a sign-in made to retry gets new tokens, which must end with the account too.
    await deps.auth.revokeRefreshTokens(caller.uid);
    await done('tokensRevoked');

    if (!steps.sessionsExpired || !steps.subscriptionsCanceled) {
      const orders = await accountOrders(deps.database, caller.uid);
      const step: StripeStep = { deps, record, orders, customerIds: await accountCustomerIds(deps.database, caller.uid, orders), now };
      try {
        if (!steps.sessionsExpired) {
          await expireOpenSessions(step);
          await done('sessionsExpired');
        }
        await cancelSubscriptions(step);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        logger.warn('deleteAccount: a checkout could not be expired or a subscription canceled', { message: error.message });
        throw new AccountRefusal(502, DELETE_ACCOUNT_MESSAGES.stripe);
      }
      await done('subscriptionsCanceled');
    }
    if (!steps.ordersAnonymised) {
      // Read again: a retry finds only the orders not yet done.
      await anonymiseOrders(deps.database, await accountOrders(deps.database, caller.uid), now);
      await done('ordersAnonymised');
    }
    if (!steps.recordsDeleted) {
      await deps.database.ref().update({
        [`${USERS_PATH}/${caller.uid}`]: null,
        [`${BILLING_PATH}/${caller.uid}`]: null,
        [`${CUSTOMERS_PATH}/${caller.uid}`]: null,
        [`${STAFF_ROLES_PATH}/${caller.uid}`]: null,
      });
      await done('recordsDeleted');
    }
    await mailOnce(deps, record, user.email ?? null, now);
    await authUserOrNull(() => deps.auth.deleteUser(caller.uid));
    await write(record, finished);
    response.status(200).json({ deleted: true });
  });
}
