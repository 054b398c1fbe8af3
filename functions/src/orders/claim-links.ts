/** The claim link of a guest's order: mailed to the address given at checkout when the checkout
 *  completes, it adds the order to the account of whoever opens it signed in, once
 *  (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). The token exists only in the mail:
 *  order_claim_links/{orderId} keeps its SHA-256, when it expires and when and by whom it was
 *  used (closed to browsers by the rules' default). */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import { logger } from 'firebase-functions';
import { CLAIM_LINK_DAYS, isClaimToken, productTitle } from '../../../src/catalog/checkout';
import { isPlanId, isPricedPlan } from '../../../src/catalog/plans';
import { isBillingPeriod } from '../../../src/catalog/pricing';
import { isServiceId } from '../../../src/catalog/services';
import { claimOrderMail, sendMail, type MailOutcome, type MailSettings } from '../mail';
import type { OutcomeDetails } from '../stripe/event-outcome';
import { normaliseEmail } from '../mail/email';
import { CLAIM_LINKS_PATH } from '../../../src/data/orders';

export const CLAIM_LINK_LIFETIME_MS = CLAIM_LINK_DAYS * 24 * 60 * 60 * 1000;

export interface ClaimLinkRecord {
  /** SHA-256 of the whole token, hex. */
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  /** What became of the mail: `sending` until the provider answered. */
  mail: MailOutcome['status'] | 'sending';
  usedAt?: number;
  usedBy?: string;
}

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token for the order: its id, a dot, 32 random bytes (256 bits: no guessing). */
export function newClaimToken(orderId: string): string {
  return `${orderId}.${randomBytes(32).toString('base64url')}`;
}

export interface ClaimLinkDependencies {
  database: Database;
  /** Absent: a deploy (or a test) that sends no mail; nothing is minted. */
  mail?: MailSettings;
  now?: () => number;
}

function productOf(order: Record<string, unknown>): string {
  const { product, tier, billingPeriod } = order;
  return isServiceId(product) && isPlanId(tier) && isPricedPlan(tier) && isBillingPeriod(billingPeriod)
    ? productTitle(product, tier, billingPeriod)
    : 'your plan';
}

/** Mints the order's claim link and mails it to `email`, once per order whatever the number of
 *  deliveries of the completion event: the record is made in a transaction that only the first
 *  one wins. A mail that does not go out is recorded, not retried (the thank-you page's session
 *  is the other proof). Answers facts for the event's record. */
export async function mailClaimLink(
  deps: ClaimLinkDependencies,
  { orderId, order, email }: { orderId: string; order: Record<string, unknown>; email: unknown },
): Promise<OutcomeDetails> {
  if (!deps.mail) return {};
  const to = normaliseEmail(email);
  if (to === null) return { claimMail: 'no-email' };
  const now = (deps.now ?? Date.now)();
  const token = newClaimToken(orderId);
  const record: ClaimLinkRecord = {
    tokenHash: hashClaimToken(token),
    createdAt: now,
    expiresAt: now + CLAIM_LINK_LIFETIME_MS,
    mail: 'sending',
  };
  const ref = deps.database.ref(`${CLAIM_LINKS_PATH}/${orderId}`);
  const made = await ref.transaction((current: unknown) => (current === null ? record : undefined), undefined, false);
  if (!made.committed || (made.snapshot.val() as ClaimLinkRecord | null)?.tokenHash !== record.tokenHash) {
    return { claimMail: 'already-sent' };
  }
  const outcome = await sendMail(deps.mail, { to, ...claimOrderMail({ product: productOf(order), token, siteUrl: deps.mail.siteUrl }) });
  await ref.child('mail').set(outcome.status);
  if (outcome.status !== 'sent') logger.warn('claim link not mailed', { orderId, status: outcome.status });
  return { claimMail: outcome.status };
}

export type ClaimLinkCheck =
  | { ok: true; orderId: string }
  /** `used`: by `usedBy`, which may be the caller (a second visit of the link). */
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'expired'; orderId: string }
  | { ok: false; reason: 'used'; orderId: string; usedBy: string | null };

/** Whether the token is a live, unused link of its order. A forged token (wrong secret, another
 *  order's id, any shape) is `unknown`: nothing tells which part was wrong. */
export async function checkClaimToken(database: Database, token: unknown, now: number): Promise<ClaimLinkCheck> {
  if (!isClaimToken(token)) return { ok: false, reason: 'unknown' };
  const orderId = token.slice(0, token.indexOf('.'));
  const record = (await database.ref(`${CLAIM_LINKS_PATH}/${orderId}`).get()).val() as Partial<ClaimLinkRecord> | null;
  if (record === null || typeof record.tokenHash !== 'string') return { ok: false, reason: 'unknown' };
  const given = Buffer.from(hashClaimToken(token), 'hex');
  const stored = Buffer.from(record.tokenHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return { ok: false, reason: 'unknown' };
  if (typeof record.usedAt === 'number') return { ok: false, reason: 'used', orderId, usedBy: record.usedBy ?? null };
  if (typeof record.expiresAt !== 'number' || record.expiresAt <= now) return { ok: false, reason: 'expired', orderId };
  return { ok: true, orderId };
}

/** Marks the link used by `uid`, unless it was used already (a transaction: the first use stays). */
export async function markClaimLinkUsed(database: Database, orderId: string, uid: string, now: number): Promise<void> {
  await database.ref(`${CLAIM_LINKS_PATH}/${orderId}`).transaction(
    (current: ClaimLinkRecord | null) => {
      // null may be the SDK's guess before the server's value: writing null back (a no-op if the
      // record really is gone) makes the server answer with what is stored.
      if (current === null) return null;
      if (typeof current.usedAt === 'number') return undefined;
      return { ...current, usedAt: now, usedBy: uid };
    },
    undefined,
    false,
  );
}
