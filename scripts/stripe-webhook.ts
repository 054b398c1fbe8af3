/**
 * `npm run stripe:webhook [-- --project <id>] [--url <url>] [--port-offset N] [--live] [--replace]`
 *
 * Makes Stripe send stripeWebhook what it handles, at the API version the functions speak: one
 * webhook endpoint, marked metadata[leopard]=stripeWebhook, with the events of HANDLED_EVENT_TYPES
 * and api_version STRIPE_API_VERSION
 * (docs/decisions/0137-webhook-endpoint-by-script.md). The
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
import { STRIPE_WEBHOOK_SECRET } from '../functions/src/config';
import { HANDLED_EVENT_TYPES } from '../functions/src/webhook/webhook-events';
import { DEFAULT_DATABASE_REGION } from '../src/config/database-region';
import { STRIPE_API_VERSION } from '../src/catalog/stripe-prices';
import { localStack } from '../emulators/ports';
import { deployProject } from './deploy-check';
import { catalogueStripeClient } from '../emulators/stripe-catalog-sync';
import { flagValue, runCommand, stripeTarget, UsageError, type StripeTarget } from './stripe-sync';

export const USAGE = 'Usage: npm run stripe:webhook [-- --project <id>] [--url <url>] [--port-offset N] [--live] [--replace]';

/** The functions' secret the webhook verifies signatures with, named once in functions/src/config.ts. */
export const WEBHOOK_SECRET_NAME = STRIPE_WEBHOOK_SECRET.name;

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
  /** The endpoints of another API version --replace deleted. */
  deleted: string[];
  /** Those it could not delete, each with Stripe's reason (the Dashboard can delete them). */
  notDeleted: string[];
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

const versionOf = (endpoint: Stripe.WebhookEndpoint) => endpoint.api_version ?? "the account's default";

/** The endpoint at the right version brought in line: URL, events, description, marker, status. */
async function bringInLine(
  stripe: Stripe,
  existing: Stripe.WebhookEndpoint,
  url: string,
): Promise<Pick<WebhookReport, 'change' | 'endpoint' | 'updated'>> {
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

/** Why endpoints of another version stay until --replace, and what --replace will do. */
function staleRefusal(stale: readonly Stripe.WebhookEndpoint[], kept: Stripe.WebhookEndpoint | undefined): string {
  const ids = stale.map((endpoint) => endpoint.id).join(', ');
  const versions = stale.map((endpoint) => `The webhook endpoint ${endpoint.id} sends events at API version ${versionOf(endpoint)}`);
  const fix = kept
    ? `keep ${kept.id}, which is at ${STRIPE_API_VERSION}, and delete ${ids}.`
    : `make a new endpoint at ${STRIPE_API_VERSION} and delete ${ids}; then store the new signing secret it prints and redeploy the functions.`;
  return (
    `${versions.join('; ')}, and the functions speak ${STRIPE_API_VERSION} (STRIPE_API_VERSION): they refuse every other ` +
    `version. Stripe cannot change an endpoint's version. Run again with --replace to ${fix}`
  );
}

/** Creates, updates or leaves the endpoint; refuses (WebhookRefusal) what Stripe cannot update.
 *  With --replace, endpoints of another version are deleted once the right one exists, so every
 *  event keeps a destination; a second run finishes a replacement the first could not. */
export async function syncWebhookEndpoint(stripe: Stripe, { url, replace }: { url: string; replace: boolean }): Promise<WebhookReport> {
  const ours = await findOurs(stripe, url);
  const current = ours.filter((endpoint) => endpoint.api_version === STRIPE_API_VERSION);
  const stale = ours.filter((endpoint) => endpoint.api_version !== STRIPE_API_VERSION);
  if (current.length > 1)
    throw new WebhookRefusal(
      `${current.length} webhook endpoints at ${STRIPE_API_VERSION} are this site's (${current.map((endpoint) => `${endpoint.id} → ${endpoint.url}`).join(', ')}): delete all but one in Stripe's Dashboard (Developers → Webhooks), then run this again.`,
    );
  if (stale.length > 0 && !replace) throw new WebhookRefusal(staleRefusal(stale, current[0]));
  let result: Pick<WebhookReport, 'change' | 'endpoint' | 'updated' | 'secret'>;
  if (current.length === 1) result = await bringInLine(stripe, current[0], url);
  else {
    const endpoint = await create(stripe, url);
    result = { change: stale.length > 0 ? 'replaced' : 'created', endpoint, secret: endpoint.secret };
  }
  const deleted: string[] = [];
  const notDeleted: string[] = [];
  for (const old of stale) {
    try {
      await stripe.webhookEndpoints.del(old.id);
      deleted.push(old.id);
    } catch (error) {
      // Reported, not thrown: the new endpoint's secret must still be printed, now or never.
      notDeleted.push(`${old.id} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return { ...result, deleted, notDeleted };
}

/** What the command prints: what it did, and for a new endpoint its secret and how to store it. */
export function describeReport(report: WebhookReport, project: string | null): string[] {
  const { endpoint } = report;
  const summary = `${endpoint.id} → ${endpoint.url}, API version ${endpoint.api_version}, ${endpoint.enabled_events.length} event types`;
  const lines = {
    created: [`Created the webhook endpoint ${summary}.`],
    replaced: [`Created the webhook endpoint ${summary}, in place of the one at another API version.`],
    updated: [`Updated the webhook endpoint ${summary} (${report.updated?.join(', ')}). Its signing secret is unchanged.`],
    unchanged: [`Nothing changed: the webhook endpoint ${summary} is already as it should be.`],
  }[report.change];
  if (report.deleted.length > 0) lines.push(`Deleted ${report.deleted.join(', ')} (another API version).`);
  if (report.notDeleted.length > 0)
    lines.push(`Could not delete ${report.notDeleted.join(', ')}: delete it in Stripe's Dashboard (Developers → Webhooks).`);
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
