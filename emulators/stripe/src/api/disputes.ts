/** Disputes (`/v1/disputes`), read only: they are opened and closed through the test controls. */
import { getDispute } from '../resources/disputes';
import { paymentSubjectExpanders } from '../resources/payments';
import { asString } from '../core/params';
import { listRoute, retrieveRoute } from './resource-routes';
import type { Route } from './route';

export const disputeRoutes: Route[] = [
  listRoute({
    path: /^\/v1\/disputes$/,
    url: '/v1/disputes',
    noun: 'dispute',
    filters: ['charge', 'payment_intent'],
    expanders: paymentSubjectExpanders,
    select(standIn, form) {
      const chargeId = asString(form.charge, ['charge']);
      const paymentIntentId = asString(form.payment_intent, ['payment_intent']);
      return [...standIn.store.disputes.values()].filter(
        ({ dispute }) =>
          (chargeId === undefined || dispute.charge === chargeId) &&
          (paymentIntentId === undefined || dispute.payment_intent === paymentIntentId),
      );
    },
    created: (record) => record.dispute.created,
    objectOf: (_standIn, record) => record.dispute,
  }),
  retrieveRoute(/^\/v1\/disputes\/([^/]+)$/, paymentSubjectExpanders, (standIn, id) => getDispute(standIn, id).dispute),
];
