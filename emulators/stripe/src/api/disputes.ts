/** Disputes (`/v1/disputes`), read only: they are opened and closed through the test controls. */
import type { StandIn } from '../resources/context';
import { getDispute } from '../resources/disputes';
import { itemPaths, assertExpandable, expandObject, type Expanders } from '../resources/expand';
import { parseListParams, newestFirst, listPage } from '../resources/lists';
import { asString, rejectUnknown, parseExpand } from '../resources/params';
import { type Route, ok } from './route';

const expanders = (standIn: StandIn): Expanders => ({
  charge: (id) => standIn.store.charges.get(id as string)?.charge ?? id,
  payment_intent: (id) => standIn.store.paymentIntents.get(id as string)?.paymentIntent ?? id,
});

export const disputeRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/disputes$/,
    handle(standIn, { form }) {
      const params = parseListParams(form, ['charge', 'payment_intent']);
      const chargeId = asString(form.charge, ['charge']);
      const paymentIntentId = asString(form.payment_intent, ['payment_intent']);
      const records = [...standIn.store.disputes.values()].filter(
        ({ dispute }) =>
          (chargeId === undefined || dispute.charge === chargeId) &&
          (paymentIntentId === undefined || dispute.payment_intent === paymentIntentId),
      );
      const disputes = newestFirst(records, (record) => record.dispute.created).map((record) => record.dispute);
      const paths = itemPaths(params.expand);
      assertExpandable(paths, expanders(standIn));
      const page = listPage(disputes, params, '/v1/disputes', 'dispute');
      return ok({ ...page, data: page.data.map((dispute) => expandObject(dispute, paths, expanders(standIn))) });
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/disputes\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      return ok(expandObject(getDispute(standIn, id).dispute, expand, expanders(standIn)));
    },
  },
];
