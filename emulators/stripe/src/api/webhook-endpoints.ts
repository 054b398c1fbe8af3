/** Webhook endpoints (`/v1/webhook_endpoints`). */
import { createWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from '../resources/webhook-endpoints';
import { rejectUnknown } from '../core/params';
import { createRoute, listRoute, NO_EXPANDERS, retrieveRoute, updateRoute } from './resource-routes';
import { ok, type Route } from './route';

const CREATE = ['url', 'enabled_events', 'api_version', 'connect', 'description', 'metadata', 'expand'];
// No api_version: Stripe renders an endpoint's events at the version it was created with, for good.
const UPDATE = ['url', 'enabled_events', 'description', 'metadata', 'disabled', 'expand'];
const ONE = /^\/v1\/webhook_endpoints\/([^/]+)$/;

export const webhookEndpointRoutes: Route[] = [
  createRoute(/^\/v1\/webhook_endpoints$/, CREATE, NO_EXPANDERS, (standIn, form) => createWebhookEndpoint(standIn, form)),
  listRoute({
    url: '/v1/webhook_endpoints',
    noun: 'webhook_endpoint',
    expanders: NO_EXPANDERS,
    select: (standIn) => [...standIn.store.webhookEndpoints.values()],
    objectOf: (_standIn, record) => record.endpoint,
  }),
  retrieveRoute(ONE, NO_EXPANDERS, (standIn, id) => getWebhookEndpoint(standIn, id).endpoint),
  updateRoute(
    ONE,
    UPDATE,
    NO_EXPANDERS,
    getWebhookEndpoint,
    (_standIn, record, form) => updateWebhookEndpoint(record, form),
    (_standIn, record) => record.endpoint,
  ),
  {
    method: 'DELETE',
    path: ONE,
    handle(standIn, { form }, [id]) {
      rejectUnknown(form, []);
      getWebhookEndpoint(standIn, id);
      standIn.store.webhookEndpoints.delete(id);
      return ok({ id, object: 'webhook_endpoint', deleted: true });
    },
  },
];
