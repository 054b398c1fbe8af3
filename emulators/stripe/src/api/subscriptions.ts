/** Subscriptions (`/v1/subscriptions`): retrieve, list, cancel (`DELETE`). */
import type Stripe from 'stripe';
import { newBatch, customerNow } from '../core/context';
import { getCustomer } from '../resources/customers';
import { invalidRequest } from '../core/errors';
import { assertExpandable } from '../core/expand';
import { rejectUnknown, parseExpand, asString, oneOf, asObject } from '../core/params';
import { listRoute, retrieveRoute } from './resource-routes';
import { type Route, ok } from './route';
import {
  subscriptionExpanders,
  renderSubscription,
  getSubscription,
  type Subscription,
  isLive,
  endSubscription,
} from '../resources/subscriptions';

const STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;
const SUBSCRIPTION_PATH = /^\/v1\/subscriptions\/([^/]+)$/;

export const subscriptionRoutes: Route[] = [
  retrieveRoute(SUBSCRIPTION_PATH, subscriptionExpanders, (standIn, id) => getSubscription(standIn, id).subscription, renderSubscription),
  listRoute({
    path: /^\/v1\/subscriptions$/,
    url: '/v1/subscriptions',
    noun: 'subscription',
    filters: ['customer', 'status', 'test_clock'],
    expanders: subscriptionExpanders,
    select(standIn, form) {
      const customerId = asString(form.customer, ['customer']);
      if (customerId !== undefined) getCustomer(standIn, customerId, 'customer');
      const clockId = asString(form.test_clock, ['test_clock']);
      const status = oneOf(form.status, ['status'], STATUSES);
      const wanted = (subscription: Subscription) => {
        if (status === undefined) return subscription.status !== 'canceled'; // Stripe's default: not canceled
        if (status === 'all') return true;
        if (status === 'ended') return subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
        return subscription.status === status;
      };
      return [...standIn.store.subscriptions.values()].filter(
        ({ subscription }) =>
          (customerId === undefined || subscription.customer === customerId) &&
          (clockId === undefined || subscription.test_clock === clockId) &&
          wanted(subscription),
      );
    },
    created: (record) => record.subscription.created,
    objectOf: (_standIn, record) => record.subscription,
    render: renderSubscription,
  }),
  {
    method: 'DELETE',
    path: SUBSCRIPTION_PATH,
    handle(standIn, { form, origin }, [id]) {
      rejectUnknown(form, ['cancellation_details', 'expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, subscriptionExpanders(standIn));
      const details = asObject(form.cancellation_details, ['cancellation_details']);
      if (details) rejectUnknown(details, ['comment', 'feedback'], ['cancellation_details']);
      const record = getSubscription(standIn, id);
      if (!isLive(record.subscription)) throw invalidRequest(`This subscription has already been canceled: ${id}.`, 'id');
      const batch = newBatch(standIn, origin);
      endSubscription(standIn, batch, record, customerNow(standIn, record.subscription.customer as string), {
        reason: 'cancellation_requested',
        feedback_option: null,
        comment: asString(details?.comment, ['cancellation_details', 'comment']) ?? null,
        feedback: (asString(details?.feedback, ['cancellation_details', 'feedback']) ??
          null) as Stripe.Subscription.CancellationDetails['feedback'],
      });
      void batch.deliver();
      return ok(renderSubscription(standIn, record.subscription, expand));
    },
  },
];
