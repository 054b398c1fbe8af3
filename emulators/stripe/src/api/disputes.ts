/** Disputes (`/v1/disputes`), read only: they are opened and closed through the test controls. */
import { getDispute } from '../resources/disputes';
import { paymentSubjectExpanders } from '../resources/payments';
import { listRoute, retrieveRoute } from './resource-routes';
import type { Route } from './route';

export const disputeRoutes: Route[] = [
  listRoute({
    url: '/v1/disputes',
    noun: 'dispute',
    expanders: paymentSubjectExpanders,
    select: (standIn) => [...standIn.store.disputes.values()],
    objectOf: (_standIn, record) => record.dispute,
    where: { charge: (dispute) => dispute.charge, payment_intent: (dispute) => dispute.payment_intent },
  }),
  retrieveRoute(/^\/v1\/disputes\/([^/]+)$/, paymentSubjectExpanders, (standIn, id) => getDispute(standIn, id).dispute),
];
