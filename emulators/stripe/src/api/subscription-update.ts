/** Subscription updates (`POST /v1/subscriptions/:id`): plan changes with their prorations,
 *  cancellation dates, metadata. */
import type Stripe from 'stripe';
import { customerNow, newBatch } from '../core/context';
import { invalidRequest } from '../core/errors';
import { rejectUnknown, asObject, updateMetadata, asBoolean, asString, oneOf } from '../core/params';
import { getPaymentMethod } from '../resources/payment-methods';
import { type Route, ok } from './route';
import { readExpand } from './resource-routes';
import { PAYMENT_BEHAVIORS, parseChangeRequest, planChange } from '../resources/subscription-changes';
import { parseCancelAt, applyChange } from '../resources/subscription-update';
import { subscriptionExpanders, getSubscription, currentPeriod, renderSubscription } from '../resources/subscriptions';

const CHANGE_FIELDS = ['items', 'proration_behavior', 'proration_date', 'payment_behavior', 'billing_cycle_anchor'];

export const subscriptionUpdateRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/subscriptions\/([^/]+)$/,
    handle(standIn, { form, origin }, [id]) {
      const expand = readExpand(
        form,
        [
          'cancel_at',
          'cancel_at_period_end',
          'metadata',
          'default_payment_method',
          'description',
          'cancellation_details',
          'expand',
          ...CHANGE_FIELDS,
        ],
        subscriptionExpanders(standIn),
      );
      const record = getSubscription(standIn, id);
      const { subscription } = record;
      const customerId = subscription.customer as string;
      const now = customerNow(standIn, customerId);
      const details = asObject(form.cancellation_details, ['cancellation_details']);
      if (details) rejectUnknown(details, ['comment', 'feedback'], ['cancellation_details']);
      const metadata = form.metadata === undefined ? undefined : updateMetadata(subscription.metadata, form.metadata);
      if (subscription.status === 'canceled') {
        const others = Object.keys(form).filter((key) => !['metadata', 'cancellation_details', 'expand'].includes(key));
        if (others.length > 0)
          throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', others[0]);
      }
      const cancelAt = parseCancelAt(form.cancel_at, subscription, now);
      const atPeriodEnd = asBoolean(form.cancel_at_period_end, ['cancel_at_period_end']);
      if (cancelAt !== undefined && cancelAt !== null && atPeriodEnd === true) {
        throw invalidRequest('You may only specify one of these parameters: cancel_at, cancel_at_period_end.', 'cancel_at');
      }
      const paymentMethodId = form.default_payment_method === '' ? null : asString(form.default_payment_method, ['default_payment_method']);
      if (paymentMethodId && getPaymentMethod(standIn, paymentMethodId, 'default_payment_method').paymentMethod.customer !== customerId) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`,
          'default_payment_method',
        );
      }
      const description = form.description === '' ? null : asString(form.description, ['description']);
      const comment = details?.comment === undefined ? undefined : (asString(details.comment, ['cancellation_details', 'comment']) ?? null);
      const feedback =
        details?.feedback === undefined
          ? undefined
          : ((asString(details.feedback, ['cancellation_details', 'feedback']) ??
              null) as Stripe.Subscription.CancellationDetails['feedback']);
      const paymentBehavior = oneOf(form.payment_behavior, ['payment_behavior'], PAYMENT_BEHAVIORS) ?? 'allow_incomplete';
      const request = parseChangeRequest(form, []);
      const plan = planChange(standIn, subscription, request, now);

      const batch = newBatch(standIn, origin);
      applyChange(standIn, batch, record, plan, paymentBehavior, (changed) => {
        if (metadata !== undefined) changed.metadata = metadata;
        if (description !== undefined) changed.description = description;
        if (paymentMethodId !== undefined) changed.default_payment_method = paymentMethodId;
        if (comment !== undefined) changed.cancellation_details = { ...changed.cancellation_details!, comment };
        if (feedback !== undefined) changed.cancellation_details = { ...changed.cancellation_details!, feedback };
        const clear = () => {
          changed.cancel_at = null;
          changed.cancel_at_period_end = false;
          changed.canceled_at = null;
          changed.cancellation_details = { ...changed.cancellation_details!, reason: null };
        };
        if (atPeriodEnd === true) {
          changed.cancel_at_period_end = true;
          changed.cancel_at = currentPeriod(changed).end;
          changed.canceled_at = now;
          changed.cancellation_details = { ...changed.cancellation_details!, reason: 'cancellation_requested' };
        } else if (atPeriodEnd === false && cancelAt === undefined) {
          clear();
        }
        if (cancelAt === null) clear();
        else if (cancelAt !== undefined) {
          changed.cancel_at = cancelAt;
          changed.cancel_at_period_end = false;
          changed.canceled_at = now;
          changed.cancellation_details = { ...changed.cancellation_details!, reason: 'cancellation_requested' };
        }
      });
      void batch.deliver();
      return ok(renderSubscription(standIn, subscription, expand));
    },
  },
];
