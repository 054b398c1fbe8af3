/** A guest's Manage your plan link (docs/decisions/0117-guest-manage-links.md): mailed to the
 *  address given at checkout, it opens the billing portal of that order's Stripe customer, once,
 *  within MANAGE_LINK_DAYS. The token exists only in the mail: manage_links/{sha256(token)} keeps
 *  the order, the customer, when it expires and when it was used (closed to browsers by the rules'
 *  default). 256 random bits cannot be guessed, and the stored hash is what makes a token ours:
 *  nothing else about it needs signing. */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import { isManageToken, MANAGE_LINK_DAYS } from '../../../src/catalog/plan-changes';
import { MANAGE_LINKS_PATH } from '../../../src/data/orders';

export const MANAGE_LINK_LIFETIME_MS = MANAGE_LINK_DAYS * 24 * 60 * 60 * 1000;

export interface ManageLinkRecord {
  orderId: string;
  customerId: string;
  createdAt: number;
  expiresAt: number;
  usedAt?: number;
}

export function manageTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Mints a link for the order's customer and answers its token (to be mailed, never stored). */
export async function mintManageLink(
  database: Database,
  { orderId, customerId, now }: { orderId: string; customerId: string; now: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const record: ManageLinkRecord = { orderId, customerId, createdAt: now, expiresAt: now + MANAGE_LINK_LIFETIME_MS };
  await database.ref(`${MANAGE_LINKS_PATH}/${manageTokenHash(token)}`).set(record);
  return token;
}

export type ManageLinkUse =
  | { ok: true; orderId: string; customerId: string; release: () => Promise<void> }
  | { ok: false; reason: 'malformed' | 'unknown' | 'expired' | 'used' };

/** Takes the link's one use (a transaction: of two requests with the same token, one wins).
 *  `release` gives the use back, for when the portal could not be opened. */
export async function useManageLink(database: Database, token: unknown, now: number): Promise<ManageLinkUse> {
  if (!isManageToken(token)) return { ok: false, reason: 'malformed' };
  const ref = database.ref(`${MANAGE_LINKS_PATH}/${manageTokenHash(token)}`);
  let refusal: 'unknown' | 'expired' | 'used' | null = null;
  const result = await ref.transaction(
    (current: Partial<ManageLinkRecord> | null) => {
      refusal = null;
      // null can be the SDK's first guess before it has the stored value; writing null back (a
      // no-op if there really is no such link) makes the server answer with what is stored.
      if (current === null) {
        refusal = 'unknown';
        return null;
      }
      if (typeof current.orderId !== 'string' || typeof current.customerId !== 'string') {
        refusal = 'unknown';
        return undefined;
      }
      if (typeof current.usedAt === 'number') {
        refusal = 'used';
        return undefined;
      }
      if (typeof current.expiresAt !== 'number' || current.expiresAt <= now) {
        refusal = 'expired';
        return undefined;
      }
      return { ...current, usedAt: now };
    },
    undefined,
    false,
  );
  if (refusal !== null) return { ok: false, reason: refusal };
  const record = result.snapshot.val() as ManageLinkRecord | null;
  if (!result.committed || record === null) return { ok: false, reason: 'unknown' };
  return {
    ok: true,
    orderId: record.orderId,
    customerId: record.customerId,
    release: async () => {
      await ref.transaction(
        (current: Partial<ManageLinkRecord> | null) =>
          current === null ? null : current.usedAt === now ? { ...current, usedAt: null } : undefined,
        undefined,
        false,
      );
    },
  };
}
