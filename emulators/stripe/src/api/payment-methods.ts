/** PaymentMethods (`/v1/payment_methods/:id`): the cards buyers typed on the hosted pages. */
import { expanders, renderPaymentMethod, getPaymentMethod } from '../resources/payment-methods';
import { type Route, ok } from './route';
import { readExpand } from './resource-routes';

export const paymentMethodRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/payment_methods\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      const expand = readExpand(form, ['expand'], expanders(standIn));
      return ok(renderPaymentMethod(standIn, getPaymentMethod(standIn, id).paymentMethod, expand));
    },
  },
];
