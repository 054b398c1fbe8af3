/** exportAccountData: "Download my data" (docs/decisions/0120-data-export.md). POST `{}` with the
 *  account's ID token → 200, a JSON file to save: the profile, the two marketing choices, the card
 *  summary, every order of the account with its subscription state, invoices and refunds, and the
 *  form submissions sent with the account's verified address. Only what belongs to the caller:
 *  orders by `buyer`, submissions by the verified address, and no staff member's uid. 20 a day. */
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import type { SubmissionKind } from '../../../src/config/data-limits';
import { subscriptionState, subscriptionStatusLabel, type OrderSubscription } from '../../../src/catalog/subscription';
import { billingPath, toCardSummary, type CardSummary } from '../../../src/data/billing';
import { WAITLIST_PROGRAMMES } from '../../../src/config/waitlist-programmes';
import { submissionGroup, submissionIndex } from '../../../src/data/list-index';
import { FORM_FIELDS } from '../../../src/data/submission-fields';
import { declaredTradeIn } from '../../../src/data/trade-in';
import { toConsents, userPath, type Consents } from '../../../src/data/users';
import { normaliseEmail } from '../mail/email';
import { takeAllowance } from '../http/rate-limit';
import { accountOrders, authUserOrNull, type StoredRecord } from './account-records';
import { exportedInvoice } from './export-invoices';
import { ACCOUNT_MESSAGES, AccountRefusal, accountBody, accountEndpoint, identifyAccount, type AccountAuth } from './endpoint';

export const EXPORT_FILENAME = 'leopard-account-data.json';
export const EXPORT_ALLOWANCE = { bucket: 'account-export', max: 20, windowMs: 24 * 60 * 60 * 1000 } as const;
export const EXPORT_MESSAGES = {
  limit: `You have downloaded your data ${EXPORT_ALLOWANCE.max} times today. Please try again tomorrow.`,
} as const;

const SUBMISSION_KINDS: readonly SubmissionKind[] = ['contact', 'waitlist', 'preorder'];
/** What a person sent on a form, and where their request stands; not who on the staff moved it. */
const SUBMISSION_META = ['createdAt', 'page', 'status', 'statusChangedAt'] as const;

export interface ExportedOrder extends StoredRecord {
  id: string;
  /** The subscription's state in words, as the orders page shows it; null before Checkout ends. */
  subscriptionState: string | null;
  invoices: StoredRecord[];
  refunds: StoredRecord[];
}

/** What the file's numbers and times are, said once at its top (docs/decisions/0120-data-export.md). */
export const EXPORT_UNITS = {
  amounts: 'integer cents of US dollars: 750000 is $7,500.00',
  times: 'ISO 8601, UTC',
} as const;

/** The stored times (milliseconds since 1970) the file gives as ISO 8601 UTC: every field named
 *  …At, and the billing periods' ends and starts. */
const TIME_FIELD = /(At|PeriodEnd|PeriodStart|^periodEnd|^periodStart)$/;

/** The same data with every stored time written as ISO 8601 UTC, so that no time in the file is a
 *  bare number beside another written as a date. */
function withIsoTimes<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withIsoTimes) as T;
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      TIME_FIELD.test(key) && typeof entry === 'number' && Number.isFinite(entry) ? new Date(entry).toISOString() : withIsoTimes(entry),
    ]),
  ) as T;
}

export interface AccountExport {
  units: typeof EXPORT_UNITS;
  exportedAt: string;
  account: { email: string | null; emailVerified: boolean; createdAt: string | null };
  profile: StoredRecord | null;
  consents: Consents;
  cardOnFile: CardSummary | null;
  orders: ExportedOrder[];
  submissions: Record<SubmissionKind, StoredRecord[]>;
}

export interface ExportDependencies {
  auth: AccountAuth & Pick<Auth, 'getUser'>;
  database: Database;
  siteOrigins: readonly string[];
  now?: () => number;
}

const isRecord = (value: unknown): value is StoredRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A map keyed by id as a list, each entry with its id. */
function listOf(value: unknown, idField: string): StoredRecord[] {
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([id, entry]) => (isRecord(entry) ? [{ [idField]: id, ...entry }] : []));
}

function exportOrder(id: string, record: StoredRecord): ExportedOrder {
  // The declared trade-in and where it stands, as the order card says it (src/data/trade-in.ts);
  // who on the staff decided is the staff member's data, not the buyer's.
  const declared = declaredTradeIn(record);
  const stored = isRecord(record.tradeIn) ? record.tradeIn : {};
  const decidedAt = [stored.creditedAt, stored.declinedAt].find((at) => typeof at === 'number') as number | undefined;
  const tradeIn = declared
    ? {
        platform: declared.platform,
        state: declared.state,
        creditedCents: declared.creditedCents,
        decidedAt: decidedAt === undefined ? null : new Date(decidedAt).toISOString(),
      }
    : undefined;
  const { tradeIn: _staff, invoices, refunds, ...fields } = record;
  const subscribed = typeof record.subscriptionStatus === 'string';
  return {
    id,
    ...fields,
    ...(tradeIn ? { tradeIn } : {}),
    subscriptionState: subscribed ? subscriptionStatusLabel(subscriptionState(record as Partial<OrderSubscription>)) : null,
    invoices: listOf(invoices, 'invoiceId').map(exportedInvoice),
    refunds: listOf(refunds, 'chargeId'),
  };
}

/** The lists a kind's records are filed under (`g` of src/data/list-index.ts): the waitlist has one
 *  per programme. */
const GROUPS_OF: Readonly<Record<SubmissionKind, readonly string[]>> = {
  contact: [submissionGroup('contact')],
  waitlist: WAITLIST_PROGRAMMES.map((programme) => submissionGroup('waitlist', programme)),
  preorder: [submissionGroup('preorder')],
};

/** The person's submissions, found by the address key every record carries (`ge`: the list and the
 *  lower-cased address), a query per list rather than a read of every submission: the lists grow with
 *  the business (docs/decisions/0108-staff-console.md#addendum-2026-11-29-lists-that-read-a-page). A
 *  record stored before the keys gets them from the daily backfill. */
async function submissionsOf(database: Database, email: string): Promise<Record<SubmissionKind, StoredRecord[]>> {
  const result = { contact: [], waitlist: [], preorder: [] } as Record<SubmissionKind, StoredRecord[]>;
  for (const kind of SUBMISSION_KINDS) {
    const fields = [...Object.keys(FORM_FIELDS[kind]), ...(kind === 'waitlist' ? ['programme'] : []), ...SUBMISSION_META];
    for (const group of GROUPS_OF[kind]) {
      const ge = submissionIndex({ kind, programme: group, status: '', email, name: '' }).ge;
      const found = (await database.ref(`submissions/${kind}`).orderByChild('ge').equalTo(ge).get()).val() as unknown;
      if (!isRecord(found)) continue;
      for (const [id, entry] of Object.entries(found)) {
        // Compared lower-cased again: the key is the address as the server lower-cased it.
        if (!isRecord(entry) || normaliseEmail(entry.email) !== email) continue;
        result[kind].push({ id, ...Object.fromEntries(fields.filter((field) => field in entry).map((field) => [field, entry[field]])) });
      }
    }
    // In key order, as one read of the list gave them: push ids compare as ASCII, not by locale.
    result[kind].sort((a, b) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0));
  }
  return result;
}

export async function handleExportAccountData(request: Request, response: Response, deps: ExportDependencies): Promise<void> {
  await accountEndpoint(request, response, deps.siteOrigins, async () => {
    const caller = await identifyAccount(deps.auth, request.get('Authorization'));
    accountBody(request);
    const now = (deps.now ?? Date.now)();
    const allowance = await takeAllowance(deps.database, { ...EXPORT_ALLOWANCE, key: caller.uid, now });
    if (!allowance.allowed) {
      response.set('Retry-After', String(Math.ceil(allowance.retryAfterMs / 1000)));
      throw new AccountRefusal(429, EXPORT_MESSAGES.limit);
    }
    const user = await authUserOrNull(() => deps.auth.getUser(caller.uid));
    if (user === null) throw new AccountRefusal(401, ACCOUNT_MESSAGES.gone);
    const verifiedEmail = user.emailVerified ? normaliseEmail(user.email) : null;
    const profile = (await deps.database.ref(userPath(caller.uid)).get()).val() as unknown;
    const billing = (await deps.database.ref(billingPath(caller.uid)).get()).val() as unknown;
    const orders = await accountOrders(deps.database, caller.uid);
    // The profile's own emailVerified is a copy sign-up wrote once; the account's, from Auth, is the
    // one that is true now, and the only one the file gives.
    const { emailVerified: _copy, ...profileFields } = isRecord(profile) ? profile : {};
    const data: AccountExport = {
      units: EXPORT_UNITS,
      exportedAt: new Date(now).toISOString(),
      account: {
        email: user.email ?? null,
        emailVerified: user.emailVerified,
        createdAt: user.metadata.creationTime ? new Date(user.metadata.creationTime).toISOString() : null,
      },
      profile: isRecord(profile) ? withIsoTimes(profileFields) : null,
      consents: toConsents(isRecord(profile) ? profile : null),
      cardOnFile: toCardSummary(billing),
      orders: withIsoTimes(orders.map(({ id, record }) => exportOrder(id, record))),
      submissions: withIsoTimes(
        verifiedEmail === null ? { contact: [], waitlist: [], preorder: [] } : await submissionsOf(deps.database, verifiedEmail),
      ),
    };
    response.set('Content-Type', 'application/json; charset=utf-8');
    response.set('Content-Disposition', `attachment; filename="${EXPORT_FILENAME}"`);
    response.status(200).send(`${JSON.stringify(data, null, 2)}\n`);
  });
}
