/** Billing portal sessions (`POST /v1/billing_portal/sessions`): the hosted portal's URL for a customer. */
import type Stripe from 'stripe';
import { customerNow } from '../core/context';
import { getCustomer } from '../resources/customers';
import { randomId } from '../core/ids';
import { required, asString, asUrl } from '../core/params';
import { sessionConfiguration } from '../resources/portal-configurations';
import { type Route, ok } from './route';
import { readExpand } from './resource-routes';

export const portalRoutes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/billing_portal\/sessions$/,
    handle(standIn, { form }) {
      readExpand(form, ['customer', 'return_url', 'configuration', 'expand'], {});
      const customerId = required(asString(form.customer, ['customer']), ['customer']);
      const givenReturnUrl = asUrl(form.return_url, ['return_url']);
      const customer = getCustomer(standIn, customerId, 'customer');
      const configuration = sessionConfiguration(standIn, asString(form.configuration, ['configuration']));
      // Without return_url the configuration's default_return_url is used; Stripe refuses a session
      // that has neither only when the portal needs one, which ours never does.
      const returnUrl = givenReturnUrl ?? configuration.default_return_url;
      const id = randomId('bps_', 24);
      const session: Stripe.BillingPortal.Session = {
        id,
        object: 'billing_portal.session',
        configuration: configuration.id,
        created: customerNow(standIn, customer.customer.id),
        customer: customerId,
        customer_account: null,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: returnUrl,
        url: `${standIn.settings.baseUrl}/p/session/${id}`,
      };
      standIn.store.portalSessions.set(id, { session });
      standIn.settings.log(`billing portal session ${id} for ${customerId}`);
      return ok(session);
    },
  },
];
