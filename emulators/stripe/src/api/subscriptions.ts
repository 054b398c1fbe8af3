/** Subscriptions (`/v1/subscriptions`): retrieve, list, cancel (`DELETE`). */
import type Stripe from 'stripe';
import { newBatch, customerNow } from '../core/context';
import { getCustomer } from '../resources/customers';
import { invalidRequest } from '../core/errors';
import { rejectUnknown, asString, oneOf, asObject } from '../core/params';
import { listRoute, retrieveRoute, readExpand } from './resource-routes';
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
    url: '/v1/subscriptions',
    noun: 'subscription',
    filters: ['status'],
    expanders: subscriptionExpanders,
    known: { customer: getCustomer },
    select(standIn, form) {
      const status = oneOf(form.status, ['status'], STATUSES);
      const wanted = (subscription: Subscription) => {
        if (status === undefined) return subscription.status !== 'canceled'; // Stripe's default: not canceled
        if (status === 'all') return true;
        if (status === 'ended') return subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
        return subscription.status === status;
      };
      return [...standIn.store.subscriptions.values()].filter(({ subscription }) => wanted(subscription));
    },
    objectOf: (_standIn, record) => record.subscription,
    render: renderSubscription,
    where: { customer: (subscription) => subscription.customer, test_clock: (subscription) => subscription.test_clock },
  }),
  {
    method: 'DELETE',
    path: SUBSCRIPTION_PATH,
    handle(standIn, { form, origin }, [id]) {
      const expand = readExpand(form, ['cancellation_details', 'expand'], subscriptionExpanders(standIn));
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
