/**
 * Webhook endpoints (`/v1/webhook_endpoints`): where the account sends its events, which types
 * each one gets (`enabled_events`, `*` for all), and the API version its events are rendered at
 * (`api_version`, fixed at creation: Stripe has no way to change it). Each endpoint has its own
 * signing secret, in the creation's answer only. The dispatcher (webhooks.ts) delivers every event
 * to each enabled endpoint that takes its type, beside the stand-in's own webhook URL. No events
 * (Stripe has none for endpoints).
 */
import type Stripe from 'stripe';
import { DEFAULT_API_VERSION, standInNow, type StandIn } from '../core/context';
import { found, invalidRequest, noSuch } from '../core/errors';
import type { FormObject } from '../core/form-encoding';
import { randomId } from '../core/ids';
import { asBoolean, asList, asString, asUrl, oneOf, parseMetadata, required, updateMetadata } from '../core/params';
import type { WebhookEndpointRecord } from '../core/store';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types';

// `*` last: Stripe's refusal starts its list at account.application.authorized.
const ENABLED_EVENT_CHOICES = [...WEBHOOK_EVENT_TYPES, '*'];

export function getWebhookEndpoint(standIn: StandIn, id: string): WebhookEndpointRecord {
  return found(standIn.store.webhookEndpoints.get(id), () => noSuch('webhook_endpoint', id));
}

/** `enabled_events[]`: each one `*` or an event type Stripe has, refused in Stripe's words
 *  (`Invalid enabled_events[0]: must be one of …`). */
function parseEnabledEvents(form: FormObject): string[] | undefined {
  return asList(form.enabled_events, ['enabled_events'])?.map((entry, i) =>
    required(oneOf(entry, ['enabled_events', String(i)], ENABLED_EVENT_CHOICES), ['enabled_events', String(i)]),
  );
}

/** Stripe's version names: a date, and since 2024-09-30 the release's name after it. */
function parseApiVersion(form: FormObject): string | null {
  const version = asString(form.api_version, ['api_version']);
  if (version === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(version))
    throw invalidRequest(`Invalid api_version: ${version} is not a Stripe API version (such as ${DEFAULT_API_VERSION}).`, 'api_version');
  return version;
}

/** The endpoint, with its `secret`: the only answer that shows it. */
export function createWebhookEndpoint(standIn: StandIn, form: FormObject): Stripe.WebhookEndpoint {
  const url = required(asUrl(form.url, ['url']), ['url']);
  const enabledEvents = required(parseEnabledEvents(form), ['enabled_events']);
  const apiVersion = parseApiVersion(form);
  if (asBoolean(form.connect, ['connect']))
    throw invalidRequest('The Stripe stand-in has no connected accounts, so no Connect webhook endpoints.', 'connect');
  const endpoint: Stripe.WebhookEndpoint = {
    id: randomId('we_', 24),
    object: 'webhook_endpoint',
    api_version: apiVersion,
    application: null,
    created: standInNow(standIn),
    description: asString(form.description, ['description']) ?? null,
    enabled_events: enabledEvents,
    livemode: false,
    metadata: parseMetadata(form.metadata),
    status: 'enabled',
    url,
  };
  const secret = randomId('whsec_', 32);
  standIn.store.webhookEndpoints.set(endpoint.id, { endpoint, secret, seq: standIn.store.nextSeq() });
  standIn.settings.log(
    `webhook endpoint ${endpoint.id} created: ${url} (${enabledEvents.length} event types, version ${apiVersion ?? 'default'})`,
  );
  return { ...structuredClone(endpoint), secret };
}

/** `url`, `enabled_events`, `description`, `metadata`, `disabled`; never `api_version`. */
export function updateWebhookEndpoint(record: WebhookEndpointRecord, form: FormObject): void {
  const url = asUrl(form.url, ['url']);
  const enabledEvents = parseEnabledEvents(form);
  const disabled = asBoolean(form.disabled, ['disabled']);
  const { endpoint } = record;
  if (url !== undefined) endpoint.url = url;
  if (enabledEvents !== undefined) endpoint.enabled_events = enabledEvents;
  if (form.description !== undefined) endpoint.description = asString(form.description, ['description']) ?? null;
  if (form.metadata !== undefined) endpoint.metadata = updateMetadata(endpoint.metadata, form.metadata);
  if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
}
