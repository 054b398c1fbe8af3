/** Billing portal configurations (`/v1/billing_portal/configurations`): what the customer portal
 *  offers; the default one is there from the start. */
import {
  createPortalConfiguration,
  ensureDefault,
  getPortalConfiguration,
  updatePortalConfiguration,
} from '../resources/portal-configurations';
import { asBoolean } from '../core/params';
import { createRoute, listRoute, NO_EXPANDERS, retrieveRoute, updateRoute } from './resource-routes';
import type { Route } from './route';

const CREATE = ['features', 'business_profile', 'default_return_url', 'login_page', 'metadata', 'name', 'expand'];
const UPDATE = ['active', ...CREATE];
const PATH = /^\/v1\/billing_portal\/configurations\/([^/]+)$/;

export const portalConfigurationRoutes: Route[] = [
  createRoute(/^\/v1\/billing_portal\/configurations$/, CREATE, NO_EXPANDERS, createPortalConfiguration),
  listRoute({
    url: '/v1/billing_portal/configurations',
    noun: 'configuration',
    filters: ['active', 'is_default'],
    expanders: NO_EXPANDERS,
    select(standIn, form) {
      const active = asBoolean(form.active, ['active']);
      const isDefault = asBoolean(form.is_default, ['is_default']);
      ensureDefault(standIn);
      return [...standIn.store.portalConfigurations.values()].filter(
        ({ configuration }) =>
          (active === undefined || configuration.active === active) && (isDefault === undefined || configuration.is_default === isDefault),
      );
    },
    objectOf: (_standIn, record) => record.configuration,
  }),
  retrieveRoute(PATH, NO_EXPANDERS, (standIn, id) => getPortalConfiguration(standIn, id).configuration),
  updateRoute(PATH, UPDATE, NO_EXPANDERS, getPortalConfiguration, updatePortalConfiguration, (_standIn, record) => record.configuration),
];
