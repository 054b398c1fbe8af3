/** termNotices (daily): the term ends unless renewed, and nothing ends silently
 *  (docs/decisions/0115-the-term-ends-unless-renewed.md). Each run finds the orders whose term ends
 *  within TERM_NOTICE_DAYS, checks each with Stripe (still billing, not set to end earlier, the
 *  same term end), and once per term writes all_orders/{id}/termNotice = {termEndsAt, sentAt},
 *  which the dashboard and the order card show, and mails the buyer. The notice is claimed in a
 *  transaction before the mail is sent: two overlapping runs mail once. The orders in the window
 *  are read a page at a time in termEndsAt order and the run stops at its deadline, keeping its
 *  place at TERM_NOTICES_CURSOR_PATH; the next run goes on from there
 *  (docs/decisions/0125-operations-and-cleanup.md). */
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import type Stripe from 'stripe';
import { isServiceId } from '../../../src/catalog/services';
import { TERM_NOTICE_DAYS } from '../../../src/catalog/term';
import { paths } from '../../../src/config/paths';
import { isOrderId, ORDERS_PATH, type OrderTermNoticeRecord, orderPath } from '../../../src/data/orders';
import { normaliseEmail } from '../mail/email';
import { managePlanUrl, sendMail, siteLink, termNoticeMail, type MailOutcome, type MailSettings } from '../mail';
import { mintManageLink } from '../billing/manage-links';
import { orderConfiguration } from '../billing/order-plan';
import { isStripeId } from '../stripe/stripe-ids';
import { termEndsAtMs } from '../billing/subscription-sync';
import { unlessMissing } from '../stripe/stripe-errors';

const DAY_MS = 24 * 60 * 60 * 1000;
const SECOND_MS = 1000;

export interface TermNoticeDependencies {
  database: Database;
  stripe: Stripe;
  mail?: MailSettings;
  /** Milliseconds since the epoch; the tests pass their own (a test clock's time). */
  now?: () => number;
  /** When to stop (ms since the epoch, by the real clock): the place is kept for the next run.
   *  Unset: to the end of the window. */
  deadline?: number;
  /** Orders read per page (TERM_NOTICES_PAGE_SIZE unless a test wants more pages). */
  pageSize?: number;
}

/** Where a run stopped by its deadline keeps its place: the last order it took. */
export const TERM_NOTICES_CURSOR_PATH = 'jobs/termNotices/cursor';

/** Orders read per page: each may cost a Stripe call and a mail. */
export const TERM_NOTICES_PAGE_SIZE = 100;

interface Cursor {
  termEndsAt: number;
  orderId: string;
}

export interface TermNoticeReport {
  /** Orders noticed in this run, with what became of each mail. */
  noticed: { orderId: string; termEndsAt: number; mail: MailOutcome['status'] | 'no-email' | 'not-configured' }[];
  /** Orders in the window that needed no notice, with why. */
  skipped: { orderId: string; reason: string }[];
  /** Set when the deadline came before the end of the window: the last order taken. */
  stoppedAt: Cursor | null;
}

type Order = Record<string, unknown>;

/** Why the subscription needs no notice now, or null when it does. */
function noNoticeReason(subscription: Stripe.Subscription, termEndsAt: number, now: number): string | null {
  if (subscription.status !== 'active' && subscription.status !== 'trialing' && subscription.status !== 'past_due') {
    return `the subscription is ${subscription.status}`;
  }
  if (subscription.cancel_at_period_end) return 'the customer canceled at the period end';
  if (subscription.cancel_at !== null && subscription.cancel_at * SECOND_MS < termEndsAt)
    return 'the customer canceled before the term end';
  if (termEndsAt <= now || termEndsAt > now + TERM_NOTICE_DAYS * DAY_MS) return 'the term does not end within the notice window';
  return null;
}

async function noticeOne(
  deps: TermNoticeDependencies,
  orderId: string,
  order: Order,
  now: number,
): Promise<TermNoticeReport['noticed'][number] | string> {
  if (!isStripeId('subscription', order.subscriptionId)) return 'the order has no subscription';
  const subscription = await unlessMissing(deps.stripe.subscriptions.retrieve(order.subscriptionId));
  if (subscription === null) return 'Stripe does not know the subscription';
  const termEndsAt = termEndsAtMs(subscription);
  const reason = noNoticeReason(subscription, termEndsAt, now);
  if (reason !== null) return reason;

  const notice: OrderTermNoticeRecord = { termEndsAt, sentAt: now };
  const claimed = await deps.database
    .ref(`${orderPath(orderId)}/termNotice`)
    .transaction(
      (current: Partial<OrderTermNoticeRecord> | null) => (current?.termEndsAt === termEndsAt ? undefined : notice),
      undefined,
      false,
    );
  if (!claimed.committed || (claimed.snapshot.val() as OrderTermNoticeRecord | null)?.sentAt !== now)
    return 'already noticed for this term';

  const to = normaliseEmail(order.customerEmail);
  if (!deps.mail) return { orderId, termEndsAt, mail: 'not-configured' };
  if (to === null) return { orderId, termEndsAt, mail: 'no-email' };
  const guest = typeof order.buyer !== 'string' || order.buyer === '';
  const renewUrl = guest
    ? managePlanUrl(
        deps.mail.siteUrl,
        await mintManageLink(deps.database, { orderId, customerId: String(order.customerId ?? subscription.customer), now }),
      )
    : siteLink(deps.mail.siteUrl, paths.orderHistory);
  const outcome = await sendMail(deps.mail, {
    to,
    ...termNoticeMail({
      service: isServiceId(order.product) ? order.product : 'websites',
      configuration: orderConfiguration(order),
      termEndsAt,
      renewUrl,
      guest,
    }),
  });
  if (outcome.status !== 'sent') logger.warn('termNotices: mail not sent', { orderId, status: outcome.status });
  return { orderId, termEndsAt, mail: outcome.status };
}

async function takeOrder(deps: TermNoticeDependencies, report: TermNoticeReport, orderId: string, order: Order, now: number) {
  const previous = order.termNotice as Partial<OrderTermNoticeRecord> | undefined;
  if (previous?.termEndsAt === order.termEndsAt) {
    report.skipped.push({ orderId, reason: 'already noticed for this term' });
    return;
  }
  const result = await noticeOne(deps, orderId, order, now);
  if (typeof result === 'string') report.skipped.push({ orderId, reason: result });
  else report.noticed.push(result);
}

function isCursor(value: unknown): value is Cursor {
  const cursor = value as Partial<Cursor> | null;
  return typeof cursor?.termEndsAt === 'number' && typeof cursor.orderId === 'string';
}

/** One run: the orders whose stored term end falls in the next TERM_NOTICE_DAYS (by the
 *  "termEndsAt" index), each checked with Stripe, from where the last run stopped if it did. */
export async function runTermNotices(deps: TermNoticeDependencies): Promise<TermNoticeReport> {
  const now = (deps.now ?? Date.now)();
  const windowEnd = now + TERM_NOTICE_DAYS * DAY_MS;
  const pageSize = deps.pageSize ?? TERM_NOTICES_PAGE_SIZE;
  const cursorRef = deps.database.ref(TERM_NOTICES_CURSOR_PATH);
  const saved: unknown = (await cursorRef.get()).val();
  // A place before the window's start (the run that kept it was days ago) is behind us: start at now.
  let cursor: Cursor | null = isCursor(saved) && saved.termEndsAt > now ? saved : null;
  const report: TermNoticeReport = { noticed: [], skipped: [], stoppedAt: null };
  for (let pages = 0; ; pages++) {
    if (pages > 0 && deps.deadline !== undefined && Date.now() >= deps.deadline) {
      report.stoppedAt = cursor;
      break;
    }
    const ordered = deps.database.ref(ORDERS_PATH).orderByChild('termEndsAt');
    const found = await (cursor === null ? ordered.startAfter(now) : ordered.startAfter(cursor.termEndsAt, cursor.orderId))
      .endAt(windowEnd)
      .limitToFirst(pageSize)
      .get();
    const page: [string, Order][] = [];
    found.forEach((child) => {
      page.push([child.key!, child.val() as Order]);
    });
    for (const [orderId, order] of page) {
      if (isOrderId(orderId)) await takeOrder(deps, report, orderId, order, now);
      cursor = { termEndsAt: order.termEndsAt as number, orderId };
    }
    if (page.length < pageSize) {
      await cursorRef.remove();
      break;
    }
    await cursorRef.set(cursor);
  }
  const taken = report.noticed.length + report.skipped.length;
  if (report.stoppedAt !== null)
    logger.info('termNotices: stopped at its time budget; the next run goes on', { taken, stoppedAt: report.stoppedAt });
  if (report.noticed.length > 0) logger.info('termNotices: notices sent', { count: report.noticed.length });
  return report;
}
