/**
 * The hosted pages' HTTP side: the test checkout (`/c/pay/:id`), the billing portal
 * (`/p/session/:id`) and invoices (`/i/:id`). Forms POST, and are answered with a 303 to the next
 * page (after the webhook has heard), or with the page again and a message.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cancelPlan, updatePaymentMethod } from './billing-portal';
import { findSession } from './checkout-api';
import { paySession } from './checkout-completion';
import { checkoutPage, notFoundPage, statusPage } from './checkout-page';
import type { StandIn } from './context';
import { redirectPage } from './html';
import { PageError, decodeSegment, readBody, sendHtml } from './http';
import {
  cancelPlanPage,
  invoiceNotFoundPage,
  invoicePage,
  portalNotFoundPage,
  portalPage,
  portalPath,
  updatePaymentMethodPage,
} from './portal-page';
import type { SessionRecord } from './store';
import { isLive } from './subscriptions';

const redirect = (res: ServerResponse, target: string, label: string, headers: Record<string, string>) =>
  sendHtml(res, 303, redirectPage(target, label), { ...headers, Location: target });

async function readFields(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

function knownEmail(standIn: StandIn, record: SessionRecord): string | null {
  const { session } = record;
  if (session.customer_email) return session.customer_email;
  if (typeof session.customer === 'string') return standIn.store.customers.get(session.customer)?.customer.email ?? null;
  return null;
}

/** `/c/pay/:id` (the page), `/c/pay/:id/pay`, `/c/pay/:id/cancel`. */
export async function handleCheckoutPage(
  standIn: StandIn,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  action: string,
  headers: Record<string, string>,
) {
  const fields = req.method === 'POST' ? await readFields(req) : new URLSearchParams();
  const record = findSession(standIn, id);
  if (!record) throw new PageError(404, notFoundPage(id));
  const { session } = record;
  const email = knownEmail(standIn, record);
  if (req.method === 'GET' && action === '')
    return sendHtml(res, 200, checkoutPage(session, record.lineItems, { knownEmail: email }), headers);
  if (req.method !== 'POST' || (action !== '/pay' && action !== '/cancel')) throw new PageError(405, notFoundPage(id));
  if (session.status !== 'open') throw new PageError(409, statusPage(session));

  if (action === '/cancel') {
    // On Stripe, "back" leaves the session open; it can still be paid until it expires.
    return redirect(res, session.cancel_url ?? `${standIn.settings.baseUrl}/c/pay/${session.id}`, 'Checkout cancelled', headers);
  }
  const cardNumber = fields.get('card_number') ?? '4242424242424242';
  const typedEmail = email === null ? fields.get('email')?.trim() || null : null;
  const result = await paySession(standIn, record, { cardNumber, email: typedEmail });
  if (!result.paid) {
    return sendHtml(
      res,
      result.status,
      checkoutPage(session, record.lineItems, { knownEmail: email, error: result.message, cardNumber, email: typedEmail ?? '' }),
      headers,
    );
  }
  redirect(res, result.target, 'Payment complete', headers);
}

/** `/p/session/:id` and its actions. */
export async function handlePortalPage(
  standIn: StandIn,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  rest: string,
  headers: Record<string, string>,
) {
  const fields = req.method === 'POST' ? await readFields(req) : new URLSearchParams();
  const portal = standIn.store.portalSessions.get(id);
  if (!portal) throw new PageError(404, portalNotFoundPage(standIn));
  const home = portalPath(portal);
  if (rest === '' && req.method === 'GET') return sendHtml(res, 200, portalPage(standIn, portal), headers);

  if (rest === '/payment-method') {
    if (req.method === 'GET') return sendHtml(res, 200, updatePaymentMethodPage(standIn, portal), headers);
    if (req.method === 'POST') {
      const cardNumber = fields.get('card_number') ?? '';
      const result = await updatePaymentMethod(standIn, portal.session.customer, cardNumber);
      if (!result.saved) return sendHtml(res, result.status, updatePaymentMethodPage(standIn, portal, result.message, cardNumber), headers);
      return redirect(res, home, 'Payment method saved', headers);
    }
  }

  const cancelMatch = /^\/subscriptions\/([^/]+)\/cancel$/.exec(rest);
  if (cancelMatch) {
    const subscription = standIn.store.subscriptions.get(decodeSegment(cancelMatch[1]))?.subscription;
    if (!subscription || subscription.customer !== portal.session.customer) throw new PageError(404, portalNotFoundPage(standIn));
    if (req.method === 'GET') {
      if (!isLive(subscription) || subscription.cancel_at_period_end) return redirect(res, home, 'Plan already canceled', headers);
      return sendHtml(res, 200, cancelPlanPage(standIn, portal, subscription), headers);
    }
    if (req.method === 'POST') {
      await cancelPlan(standIn, portal.session.customer, subscription.id);
      return redirect(res, home, 'Plan canceled', headers);
    }
  }
  throw new PageError(404, portalNotFoundPage(standIn));
}

/** `/i/:id`: the invoice's hosted page (finalized invoices only, as on Stripe). */
export function handleInvoicePage(
  standIn: StandIn,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  headers: Record<string, string>,
) {
  const invoice = standIn.store.invoices.get(id)?.invoice;
  if (req.method !== 'GET' || !invoice || invoice.status === 'draft') throw new PageError(404, invoiceNotFoundPage(id));
  sendHtml(res, 200, invoicePage(standIn, invoice), headers);
}
