/** Checkout Sessions (`/v1/checkout/sessions`): create (with the test controls' failure rules), list,
 *  retrieve, list their line items, expire. */
import { getPrice } from '../resources/catalogue';
import { checkDiscount, checkTaxLocation, expanders, matchesRule, renderSession, getSession } from '../resources/checkout-lookup';
import { expireIfDue, expireSession } from '../resources/checkout-expiry';
import {
  parseCreateParams,
  checkExpiresAt,
  checkTermsOfServiceUrl,
  newSession,
  lineItemList,
  type PriceResolver,
} from '../resources/checkout-sessions';
import { refreshTotals, taxAddress } from '../resources/checkout-totals';
import { sessionNow, type StandIn } from '../core/context';
import { getCustomer } from '../resources/customers';
import { invalidRequest } from '../core/errors';
import { assertExpandable } from '../core/expand';
import { oneOf, rejectUnknown } from '../core/params';
import { listRoute, readExpand } from './resource-routes';
import { type Route, ok } from './route';
import type { SessionRecord } from '../core/store';

/** `line_items[n][price]`: a stored Price that can be bought (Stripe's errors otherwise). */
const priceResolver =
  (standIn: StandIn): PriceResolver =>
  (id, param) => {
    const { price } = getPrice(standIn, id, param);
    if (!price.active) throw invalidRequest('The price specified is inactive. This field only accepts active prices.', param);
    const product = standIn.store.products.get(price.product as string);
    if (product?.product && !product.product.active)
      throw invalidRequest(`The price \`${id}\` is not available to be purchased because its product is not active.`, param);
    return {
      price,
      productName: product?.name ?? 'Product',
      productDescription: product?.description ?? null,
      productImages: product?.product?.images ?? [],
    };
  };

const SESSION_STATUSES = ['open', 'complete', 'expired'] as const;

/** The stored sessions in the order they were made, each with its place as `seq` (newest first
 *  needs a tie-break within one second). */
const sessionsInOrder = (standIn: StandIn) => [...standIn.store.sessions.values()].map((record, seq) => ({ record, seq }));

export const checkoutRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/checkout\/sessions$/,
    handle(standIn, { form, origin }) {
      const params = parseCreateParams(form, priceResolver(standIn));
      checkTermsOfServiceUrl(params, standIn.settings.termsOfServiceUrl);
      if (params.customer !== null) getCustomer(standIn, params.customer, 'customer');
      const discount = checkDiscount(standIn, params);
      checkTaxLocation(standIn, params);
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
      if (discount) session.discounts = [discount];
      for (const item of params.lineItems)
        if (!item.price) standIn.store.products.set(item.productId, { id: item.productId, name: item.name, description: item.description });
      const record: SessionRecord = {
        session,
        lineItems: params.lineItems,
        apiVersion: origin.apiVersion,
        subscriptionData: params.subscription_data,
        customerUpdate: params.customer_update,
      };
      if (session.mode !== 'setup') refreshTotals(standIn, record, taxAddress(standIn, record, null));
      standIn.store.addSession(record);
      standIn.settings.log(
        `session ${session.id} created (${session.mode}): ${session.amount_total} ${session.currency}, ${params.lineItems.map((item) => item.name).join(', ')}`,
      );
      return ok(renderSession(standIn, session, params.expand));
    },
  },
  listRoute({
    url: '/v1/checkout/sessions',
    noun: 'checkout.session',
    filters: ['status'],
    expanders,
    select(standIn, form) {
      const status = oneOf(form.status, ['status'], SESSION_STATUSES);
      return sessionsInOrder(standIn).filter(({ record }) => {
        // A session past its expires_at is listed as what it is: expired.
        expireIfDue(standIn, record);
        return status === undefined || record.session.status === status;
      });
    },
    created: ({ record }) => record.session.created,
    objectOf: (_standIn, { record }) => record.session,
    render: renderSession,
    where: { customer: (session) => session.customer, subscription: (session) => session.subscription },
  }),
  {
    method: 'GET',
    path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      const expand = readExpand(form, ['expand'], expanders(standIn));
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
      const expand = readExpand(form, ['expand'], expanders(standIn));
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
