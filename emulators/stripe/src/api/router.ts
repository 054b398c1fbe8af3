/**
 * The v1 API's front door: the API key, the form-encoded body (or query), `Idempotency-Key`, and
 * dispatch to the resources' routes. Answers and errors are JSON in Stripe's shapes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '@leopard/emulator-http';
import { balanceTransactionRoutes } from './balance-transactions';
import { catalogueRoutes } from './catalogue';
import { couponRoutes } from './coupons';
import { portalConfigurationRoutes } from './portal-configurations';
import { taxIdRoutes } from './tax-ids';
import { checkoutRoutes } from './checkout-sessions';
import { DEFAULT_API_VERSION, type StandIn } from '../core/context';
import { customerRoutes } from './customers';
import { disputeRoutes } from './disputes';
import { idempotencyMismatch, invalidApiKey, invalidRequest, noApiKey, noSuchEvent, unrecognizedUrl } from '../core/errors';
import { MalformedFormError, decodeForm, type FormObject } from '../core/form-encoding';
import { decodeSegment, readBody } from '../core/http';
import { invoiceRoutes } from './invoices';
import { invoiceItemRoutes } from './invoice-items';
import { invoicePreviewRoutes } from './invoice-preview';
import { subscriptionUpdateRoutes } from './subscription-update';
import { paymentMethodRoutes } from './payment-methods';
import { paymentRoutes } from './payments';
import { refundRoutes } from './refunds';
import { portalRoutes } from './billing-portal';
import { ok, type ApiAnswer, type ApiRequest, type Route } from './route';
import { readExpand } from './resource-routes';
import { subscriptionRoutes } from './subscriptions';
import { testClockRoutes } from './test-clocks';
import { webhookEndpointRoutes } from './webhook-endpoints';

/** Stripe's documented limit for Idempotency-Key. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/events\/([^/]+)$/,
    handle(standIn, { form }, [id]) {
      readExpand(form, ['expand'], {});
      const record = standIn.store.findEvent(id);
      if (!record) throw noSuchEvent(id);
      return ok(record.event);
    },
  },
];

export const ROUTES: readonly Route[] = [
  ...checkoutRoutes,
  ...customerRoutes,
  ...balanceTransactionRoutes,
  ...paymentMethodRoutes,
  ...subscriptionRoutes,
  ...subscriptionUpdateRoutes,
  ...invoicePreviewRoutes,
  ...invoiceRoutes,
  ...invoiceItemRoutes,
  ...paymentRoutes,
  ...refundRoutes,
  ...disputeRoutes,
  ...portalRoutes,
  ...catalogueRoutes,
  ...couponRoutes,
  ...portalConfigurationRoutes,
  ...taxIdRoutes,
  ...testClockRoutes,
  ...webhookEndpointRoutes,
  ...eventRoutes,
];

/** What `GET /` lists. */
export const API_SUMMARY = ROUTES.map(
  (route) =>
    `${route.method} ${route.path.source
      .replace(/^\^|\$$/g, '')
      .replaceAll('\\/', '/')
      .replaceAll('([^/]+)', ':id')}`,
);

function decode(text: string): FormObject {
  try {
    return decodeForm(text);
  } catch (error) {
    if (error instanceof MalformedFormError) throw invalidRequest(`Invalid request: ${error.message}`);
    throw error;
  }
}

/** Bearer (what the SDK sends) or Basic with the key as user name (what `curl -u sk_…:` sends). */
function apiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return header;
}

function dispatch(standIn: StandIn, request: ApiRequest): ApiAnswer {
  for (const route of ROUTES) {
    if (route.method !== request.method) continue;
    const match = route.path.exec(request.path);
    if (match) return route.handle(standIn, request, match.slice(1).map(decodeSegment));
  }
  throw unrecognizedUrl(request.method, request.path);
}

export async function handleApi(
  standIn: StandIn,
  secretKey: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  headers: Record<string, string>,
) {
  const method = req.method ?? 'GET';
  const key = apiKeyOf(req);
  if (!key) throw noApiKey();
  if (key !== secretKey) throw invalidApiKey(key);

  let bodyText = '';
  if (method === 'POST') {
    bodyText = await readBody(req);
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (bodyText !== '' && type !== 'application/x-www-form-urlencoded') {
      throw invalidRequest(
        `Invalid request: unsupported Content-Type ${type || '(none)'}. Stripe's v1 API takes application/x-www-form-urlencoded.`,
      );
    }
  }
  const form = decode(method === 'POST' ? bodyText : url.search.slice(1));
  const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
  const version = req.headers['stripe-version'];
  const request: ApiRequest = {
    method,
    path: url.pathname,
    form,
    origin: {
      apiVersion: typeof version === 'string' && version !== '' ? version : DEFAULT_API_VERSION,
      requestId: headers['Request-Id'],
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
    },
  };

  if (typeof idempotencyKey === 'string') {
    if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw invalidRequest(`Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long.`);
    }
    headers['Idempotency-Key'] = idempotencyKey;
    const fingerprint = `${method} ${url.pathname}\n${bodyText}`;
    const saved = standIn.store.idempotent.get(idempotencyKey);
    if (saved) {
      if (saved.fingerprint !== fingerprint) throw idempotencyMismatch(idempotencyKey);
      sendJson(res, saved.status, saved.body, { ...headers, 'Idempotent-Replayed': 'true' });
      return;
    }
    // Parameter errors throw and are not saved (Stripe: "no idempotent result is saved if
    // incoming parameters failed validation"); whatever the endpoint answered is.
    const answer = dispatch(standIn, request);
    standIn.store.idempotent.set(idempotencyKey, { ...structuredClone(answer), fingerprint });
    sendJson(res, answer.status, answer.body, headers);
    return;
  }
  const answer = dispatch(standIn, request);
  sendJson(res, answer.status, answer.body, headers);
}
