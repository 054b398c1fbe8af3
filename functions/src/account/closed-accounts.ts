/** Whether an account is being closed or is closed: closed_accounts/<uid> (written when the
 *  deletion starts, kept while an ID token of the account may live) or account_deletions/<uidHash>
 *  (kept for good). stripeCheckout refuses such an account, and the webhook refunds a checkout
 *  that was paid for one (docs/decisions/0119-account-deletion-and-retention.md). */
import { createHash } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import { CLOSED_ACCOUNTS_PATH } from '../../../src/data/users';
import { isUid } from '../stripe/customers';

export const ACCOUNT_DELETIONS_PATH = 'account_deletions';

/** How long closed_accounts/<uid> is kept: an ID token lives an hour at most, and the daily clean-up
 *  removes the record once this has passed. */
export const CLOSED_ACCOUNT_RETENTION_MS = 2 * 60 * 60 * 1000;

/** closed_accounts/<uid>. */
export interface ClosedAccount {
  closedAt: number;
}

export function uidHash(uid: string): string {
  return createHash('sha256').update(uid).digest('hex');
}

export async function isAccountClosed(database: Database, uid: string): Promise<boolean> {
  if (!isUid(uid)) return false;
  const [closed, deletion] = await Promise.all([
    database.ref(`${CLOSED_ACCOUNTS_PATH}/${uid}`).get(),
    database.ref(`${ACCOUNT_DELETIONS_PATH}/${uidHash(uid)}`).get(),
  ]);
  return closed.exists() || deletion.exists();
}

/** The words stripeCheckout answers a closing account with (409). */
export const ACCOUNT_CLOSING_MESSAGE =
  'This account is being closed or has been closed, so no new order can be placed with it. If you did not ask for this, contact us.';
