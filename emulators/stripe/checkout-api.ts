/**
 * The Checkout Sessions API: create (payment, setup or subscription mode), retrieve, line items,
 * expire; sessions past `expires_at` expire when next looked at (`checkout-expiry.ts`).
 * `/__control` failure rules apply to creation.
 */
import type Stripe from 'stripe';
import { expireIfDue, expireSession } from './checkout-expiry';
import { checkExpiresAt, lineItemList, newSession, parseCreateParams, type CreateParams } from './checkout-sessions';
import { sessionNow, type StandIn } from './context';
import { getCustomer } from './customers';
import { invalidRequest, noSuchSession } from './errors';
import { assertExpandable, expandObject, type Expanders } from './expand';
import { parseExpand, rejectUnknown } from './params';
import { ok, type Route } from './route';
import type { FailureRule, SessionRecord } from './store';

/** The parameters a failure rule can be matched on, by the names the API gives them. */
function matchesRule(rule: FailureRule, params: CreateParams): boolean {
  const value = (name: string): string | null => {
    const metadataKey = /^metadata\[(.+)\]$/.exec(name)?.[1];
    if (metadataKey !== undefined) return params.metadata[metadataKey] ?? null;
    if (
      name === 'success_url' ||
      name === 'cancel_url' ||
      name === 'client_reference_id' ||
      name === 'customer_email' ||
      name === 'customer'
    )
      return params[name];
    return null;
  };
  return Object.entries(rule.match ?? {}).every(([name, expected]) => value(name) === expected);
}

const expanders = (standIn: StandIn): Expanders => ({
  line_items: (_, owner) => {
    const record = standIn.store.sessions.get(owner.id as string);
    return record ? lineItemList(record.session, record.lineItems) : undefined;
  },
  customer: (id) => standIn.store.customers.get(id as string)?.customer ?? id,
  subscription: (id) => standIn.store.subscriptions.get(id as string)?.subscription ?? id,
  invoice: (id) => standIn.store.invoices.get(id as string)?.invoice ?? id,
});

export function renderSession(standIn: StandIn, session: Stripe.Checkout.Session, expand: readonly string[]) {
  return expandObject(session, expand, expanders(standIn));
}

/** The session, expired first when its time has passed `expires_at`, as Stripe's would be. */
export function findSession(standIn: StandIn, id: string): SessionRecord | undefined {
  const record = standIn.store.sessions.get(id);
  if (record) expireIfDue(standIn, record);
  return record;
}

function getSession(standIn: StandIn, id: string): SessionRecord {
  const record = findSession(standIn, id);
  if (!record) throw noSuchSession(id);
  return record;
}

export const checkoutRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    handle(standIn, { form, origin }) {
      const params = parseCreateParams(form);
      if (params.customer !== null) getCustomer(standIn, params.customer, 'customer');
      const now = sessionNow(standIn, params.customer);
      checkExpiresAt(params, now);
      assertExpandable(params.expand, expanders(standIn));
      // A controlled failure counts as "the endpoint ran": Stripe saves such results under the
      // idempotency key, so the SDK's automatic retries of a 5xx see the same error again.
      const rule = standIn.store.rules.find((candidate) => matchesRule(candidate, params));
      if (rule) {
        if (rule.times !== undefined && --rule.times <= 0) standIn.store.rules = standIn.store.rules.filter((kept) => kept !== rule);
        standIn.settings.log(`create session: failing with ${rule.status} ${rule.type} (control rule)`);
        return {
          status: rule.status,
          body: { error: { type: rule.type, ...(rule.code ? { code: rule.code } : {}), message: rule.message } },
        };
      }
      const session = newSession(params, now, standIn.settings.baseUrl);
      for (const item of params.lineItems)
        standIn.store.products.set(item.productId, { id: item.productId, name: item.name, description: item.description });
      standIn.store.addSession({
        session,
        lineItems: params.lineItems,
        apiVersion: origin.apiVersion,
        subscriptionData: params.subscription_data,
      });
      standIn.settings.log(
        `session ${session.id} created (${session.mode}): ${session.amount_total} ${session.currency}, ${params.lineItems.map((item) => item.name).join(', ')}`,
      );
      return ok(renderSession(standIn, session, params.expand));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      return ok(renderSession(standIn, getSession(standIn, id).session, expand));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand', 'limit', 'starting_after', 'ending_before']);
      const record = getSession(standIn, id);
      return ok(lineItemList(record.session, record.lineItems));
    },
  },
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      const record = getSession(standIn, id);
      if (record.session.status !== 'open') {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${record.session.status}\`.`,
        );
      }
      expireSession(standIn, record, sessionNow(standIn, typeof record.session.customer === 'string' ? record.session.customer : null));
      return ok(renderSession(standIn, record.session, expand));
    },
  },
];
