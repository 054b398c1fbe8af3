/** PaymentMethods (`/v1/payment_methods/:id`): the cards buyers typed on the hosted pages. */
import { assertExpandable } from '../core/expand';
import { rejectUnknown, parseExpand } from '../core/params';
import { expanders, renderPaymentMethod, getPaymentMethod } from '../resources/payment-methods';
import { type Route, ok } from './route';

export const paymentMethodRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/payment_methods\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, ['expand']);
      const expand = parseExpand(form);
      assertExpandable(expand, expanders(standIn));
      return ok(renderPaymentMethod(standIn, getPaymentMethod(standIn, id).paymentMethod, expand));
    },
  },
];
