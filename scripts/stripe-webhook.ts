/**
 * `npm run stripe:webhook [-- --project <id>] [--url <url>] [--port-offset N] [--live] [--replace]`
 *
 * Makes Stripe send stripeWebhook what it handles, at the API version the functions speak: one
 * webhook endpoint, marked metadata[leopard]=stripeWebhook, with the events of HANDLED_EVENT_TYPES
 * and api_version STRIPE_API_VERSION (docs/decisions/0123-deploy-path-and-build-folders.md). The
 * Dashboard offers only the account's version or the latest, so the version is set here.
 *
 * - Which account: as `npm run stripe:sync` (no STRIPE_SECRET_KEY or --port-offset: the local
 *   stand-in; a test key; a live key only with --live).
 * - Where events go: --url, else the deployed function's address,
 *   https://<region>-<project>.cloudfunctions.net/stripeWebhook (the address Cloud Functions gives
 *   an HTTP function of either generation, known before its first deploy), the project from
 *   --project or .firebaserc; on the local stand-in, the local stack's stripeWebhook.
 * - Idempotent: an endpoint that already agrees is left alone and the command says so; other
 *   events, URL, description or a disabled status are updated in place. Stripe cannot change an
 *   endpoint's API version, so an endpoint of another version is refused, or with --replace
 *   replaced: the new endpoint is made, the old one deleted.
 * - A new endpoint's signing secret is shown once (Stripe never shows it again through the API):
 *   it is printed with the command that stores it as the functions' STRIPE_WEBHOOK_SECRET.
 */
import { fileURLToPath } from 'node:url';
import type Stripe from 'stripe';
import { HANDLED_EVENT_TYPES } from '../functions/src/webhook-events';
import { DEFAULT_DATABASE_REGION } from '../src/config/database-region';
import { STRIPE_API_VERSION } from '../src/catalog/stripe-prices';
import { localStack } from '../emulators/ports';
import { deployProject } from './deploy-check';
import { catalogueStripeClient } from './stripe-catalog-sync';
import { flagValue, runCommand, stripeTarget, UsageError, type StripeTarget } from './stripe-sync';

export const USAGE = 'Usage: npm run stripe:webhook [-- --project <id>] [--url <url>] [--port-offset N] [--live] [--replace]';

/** The functions' secret the webhook verifies signatures with (functions/src/config.ts). */
export const WEBHOOK_SECRET_NAME = 'STRIPE_WEBHOOK_SECRET';

/** How the command knows its endpoint among the account's others. */
export const ENDPOINT_METADATA = { leopard: 'stripeWebhook' } as const;
const DESCRIPTION = 'Leopard: orders, subscriptions, invoices, refunds and disputes (npm run stripe:webhook)';

/** HANDLED_EVENT_TYPES, the one list, as the names Stripe takes: it is typed as plain strings (built
 *  from sets), and Stripe, like the stand-in the test runs this against, refuses a name it does not have. */
export const WEBHOOK_EVENTS = [...HANDLED_EVENT_TYPES] as Stripe.WebhookEndpointCreateParams.EnabledEvent[];

/** The HTTP functions name no region, so they run in firebase-functions' default, as the site
 *  assumes (src/firebase/config.ts); only the database trigger moves with DATABASE_REGION. */
export const FUNCTIONS_REGION = DEFAULT_DATABASE_REGION;

export function deployedWebhookUrl(projectId: string): string {
  return `https://${FUNCTIONS_REGION}-${projectId}.cloudfunctions.net/stripeWebhook`;
}

export interface WebhookRequest {
  target: StripeTarget;
  url: string;
  /** The Firebase project the secret goes to; null on the local stand-in. */
  project: string | null;
  replace: boolean;
}

/** Refused because Stripe cannot do what an update would need (a new API version). */
export class WebhookRefusal extends Error {
  override name = 'WebhookRefusal';
}

function parseUrl(text: string): string {
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw new UsageError(`--url must be an http(s) address.\n${USAGE}`);
  return text;
}

export function parseWebhookArgs(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
  root = fileURLToPath(new URL('..', import.meta.url)),
): WebhookRequest {
  let offsetText: string | undefined;
  let project: string | undefined;
  let url: string | undefined;
  let live = false;
  let replace = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag] = argv[i].split('=');
    if (flag === '--live') live = true;
    else if (flag === '--replace') replace = true;
    else if (flag === '--port-offset' || flag === '--project' || flag === '--url') {
      const { value, next } = flagValue(argv, i, USAGE);
      i = next;
      if (flag === '--port-offset') offsetText = value;
      else if (flag === '--project') project = value;
      else url = parseUrl(value);
    } else throw new UsageError(`Unknown argument "${argv[i]}".\n${USAGE}`);
  }
  const target = stripeTarget({ offsetText, live }, env, USAGE);
  if (target.kind === 'local') return { target, url: url ?? localStack(target.offset).stripeWebhookUrl, project: null, replace };
  const projectId = deployProject(root, project, env) ?? '';
  if (url === undefined && (projectId === '' || projectId.startsWith('demo-')))
    throw new UsageError(
      `No Firebase project to send events to${projectId ? ` (${projectId} is the local demo project)` : ''}: pass --project <id>, run \`npx firebase use --add\`, or pass --url.\n${USAGE}`,
    );
  return { target, url: url ?? deployedWebhookUrl(projectId), project: projectId || null, replace };
}

export type WebhookChange = 'created' | 'updated' | 'unchanged' | 'replaced';

export interface WebhookReport {
  change: WebhookChange;
  endpoint: Stripe.WebhookEndpoint;
  /** The new endpoint's signing secret: only when one was made. */
  secret?: string;
  /** The fields an update changed. */
  updated?: string[];
  /** The endpoint --replace deleted. */
  deleted?: string;
}

const sameEvents = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();

/** Ours: marked, or (made by hand before this command) at the same URL. */
async function findOurs(stripe: Stripe, url: string): Promise<Stripe.WebhookEndpoint[]> {
  const ours: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
    if (endpoint.metadata.leopard === ENDPOINT_METADATA.leopard || endpoint.url === url) ours.push(endpoint);
  }
  return ours;
}

async function create(stripe: Stripe, url: string): Promise<Stripe.WebhookEndpoint> {
  return stripe.webhookEndpoints.create({
    url,
    enabled_events: WEBHOOK_EVENTS,
    api_version: STRIPE_API_VERSION,
    description: DESCRIPTION,
    metadata: ENDPOINT_METADATA,
  });
}

/** Creates, updates or leaves the endpoint; refuses (WebhookRefusal) what Stripe cannot update. */
export async function syncWebhookEndpoint(stripe: Stripe, { url, replace }: { url: string; replace: boolean }): Promise<WebhookReport> {
  const ours = await findOurs(stripe, url);
  if (ours.length > 1)
    throw new WebhookRefusal(
      `${ours.length} webhook endpoints are this site's (${ours.map((endpoint) => `${endpoint.id} → ${endpoint.url}`).join(', ')}): delete all but one in Stripe's Dashboard (Developers → Webhooks), then run this again.`,
    );
  const [existing] = ours;
  if (!existing) {
    const endpoint = await create(stripe, url);
    return { change: 'created', endpoint, secret: endpoint.secret };
  }
  if (existing.api_version !== STRIPE_API_VERSION) {
    if (!replace)
      throw new WebhookRefusal(
        `The webhook endpoint ${existing.id} sends events at API version ${existing.api_version ?? "the account's default"}, and the functions speak ${STRIPE_API_VERSION} (STRIPE_API_VERSION): they refuse every other version. Stripe cannot change an endpoint's version. Run again with --replace to make a new endpoint at ${STRIPE_API_VERSION} and delete ${existing.id}; then store its new signing secret and redeploy the functions.`,
      );
    const endpoint = await create(stripe, url);
    await stripe.webhookEndpoints.del(existing.id);
    return { change: 'replaced', endpoint, secret: endpoint.secret, deleted: existing.id };
  }
  const changes: Stripe.WebhookEndpointUpdateParams = {
    ...(existing.url !== url ? { url } : {}),
    ...(!sameEvents(existing.enabled_events, WEBHOOK_EVENTS) ? { enabled_events: WEBHOOK_EVENTS } : {}),
    ...(existing.description !== DESCRIPTION ? { description: DESCRIPTION } : {}),
    ...(existing.metadata.leopard !== ENDPOINT_METADATA.leopard ? { metadata: ENDPOINT_METADATA } : {}),
    ...(existing.status !== 'enabled' ? { disabled: false } : {}),
  };
  const updated = Object.keys(changes);
  if (updated.length === 0) return { change: 'unchanged', endpoint: existing };
  return { change: 'updated', endpoint: await stripe.webhookEndpoints.update(existing.id, changes), updated };
}

/** What the command prints: what it did, and for a new endpoint its secret and how to store it. */
export function describeReport(report: WebhookReport, project: string | null): string[] {
  const { endpoint } = report;
  const summary = `${endpoint.id} → ${endpoint.url}, API version ${endpoint.api_version}, ${endpoint.enabled_events.length} event types`;
  const lines = {
    created: [`Created the webhook endpoint ${summary}.`],
    replaced: [`Created the webhook endpoint ${summary}, and deleted ${report.deleted} (another API version).`],
    updated: [`Updated the webhook endpoint ${summary} (${report.updated?.join(', ')}). Its signing secret is unchanged.`],
    unchanged: [`Nothing changed: the webhook endpoint ${summary} is already as it should be.`],
  }[report.change];
  if (!report.secret) return lines;
  const projectFlag = project ? ` --project ${project}` : '';
  return [
    ...lines,
    '',
    `Its signing secret (Stripe shows it this once): ${report.secret}`,
    project
      ? `Store it as the functions' ${WEBHOOK_SECRET_NAME}, pasting it when asked, and let firebase redeploy the functions that use it (or run npm run deploy${projectFlag} -- --only functions):`
      : `The local stack's functions verify with the stand-in's own webhook secret (functions/.secret.local), so they refuse this endpoint's deliveries; a real project stores its secret with:`,
    `  npx firebase functions:secrets:set ${WEBHOOK_SECRET_NAME}${projectFlag}`,
    ...(report.change === 'replaced'
      ? [
          'Until the functions have it, Stripe’s deliveries to the new endpoint are refused and retried (for up to three days): none is lost.',
        ]
      : []),
  ];
}

/** The client of the account the command talks to; the tests pass their own stand-in's. */
export type Connect = (target: StripeTarget) => Stripe;
const connectTo: Connect = (target) => catalogueStripeClient(target.secretKey, target.baseUrl);

export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
  connect: Connect = connectTo,
): Promise<number> {
  let request: WebhookRequest;
  try {
    request = parseWebhookArgs(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const { target } = request;
  console.log(
    `The webhook endpoint of ${target.kind === 'local' ? `the Stripe stand-in at ${target.baseUrl}` : 'Stripe'}, for ${request.url}…`,
  );
  try {
    const report = await syncWebhookEndpoint(connect(target), request);
    for (const line of describeReport(report, request.project)) console.log(line);
    return 0;
  } catch (error) {
    if (error instanceof WebhookRefusal) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

runCommand(import.meta.url, main);
