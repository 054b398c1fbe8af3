/**
 * The hosted pages' HTTP side: the test checkout (`/c/pay/:id`), the billing portal
 * (`/p/session/:id`) and invoices (`/i/:id`). Forms POST, and are answered with a 303 to the next
 * page (after the webhook has heard), or with the page again and a message.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHtml } from '@leopard/emulator-http';
import { updatePaymentMethod } from '../resources/billing-portal';
import { findPrice } from '../resources/catalog-lookup';
import { redirectPage } from './html';
import { PageError, type PageHandler, decodeSegment, readBody } from '../core/http';
import { invoiceNotFoundPage, invoicePage } from './invoice-page';
import { invoicePdf } from './invoice-pdf';
import { cancelWithReason, planOptions, planSwitch, portalConfiguration, switchPlan } from './portal-actions';
import {
  cancelPlanPage,
  confirmPlanPage,
  portalNotFoundPage,
  portalPage,
  portalPath,
  updatePaymentMethodPage,
  updatePlanPage,
} from './portal-page';
import { isLive } from '../resources/subscriptions';

const redirect = (res: ServerResponse, target: string, label: string, headers: Record<string, string>) =>
  sendHtml(res, 303, redirectPage(target, label), { ...headers, Location: target });

async function readFields(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

/** The checkout page (`/c/pay/:id`) lives with the rest of Checkout. */
export { handleCheckoutPage } from './checkout-hosted';

/** `/p/session/:id` and its actions. */
export const handlePortalPage: PageHandler = async (standIn, req, res, id, rest, headers) => {
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

  const subscriptionMatch = /^\/subscriptions\/([^/]+)(\/cancel|\/update|\/update\/confirm)$/.exec(rest);
  if (subscriptionMatch) {
    const record = standIn.store.subscriptions.get(decodeSegment(subscriptionMatch[1]));
    const subscription = record?.subscription;
    if (!record || !subscription || subscription.customer !== portal.session.customer)
      throw new PageError(404, portalNotFoundPage(standIn));
    const configuration = portalConfiguration(standIn, portal);
    const action = subscriptionMatch[2];
    if (action === '/cancel') {
      // A configuration without cancellation offers no such page (nor its form).
      if (configuration?.features.subscription_cancel.enabled === false)
        return redirect(res, home, 'Plan cannot be canceled here', headers);
      if (req.method === 'GET') {
        if (!isLive(subscription) || subscription.cancel_at_period_end) return redirect(res, home, 'Plan already canceled', headers);
        return sendHtml(res, 200, cancelPlanPage(standIn, portal, subscription), headers);
      }
      if (req.method === 'POST') {
        await cancelWithReason(standIn, configuration, record, fields.get('reason') || null, fields.get('comment')?.trim() || null);
        return redirect(res, home, 'Plan canceled', headers);
      }
    }
    if (planOptions(standIn, configuration, subscription) === null) return redirect(res, home, 'Plan cannot be changed', headers);
    if (action === '/update' && req.method === 'GET') return sendHtml(res, 200, updatePlanPage(standIn, portal, subscription), headers);
    if (req.method === 'POST') {
      const priceId = fields.get('price') ?? '';
      const price = findPrice(standIn, priceId);
      const change = price ? planSwitch(standIn, configuration, record, priceId) : null;
      if (!price || !change)
        return sendHtml(res, 400, updatePlanPage(standIn, portal, subscription, 'Choose one of the plans offered.'), headers);
      if (action === '/update') return sendHtml(res, 200, confirmPlanPage(standIn, portal, subscription, price, change.preview), headers);
      const result = await switchPlan(standIn, configuration, record, priceId);
      if (!result.switched)
        return sendHtml(res, result.status, confirmPlanPage(standIn, portal, subscription, price, change.preview, result.message), headers);
      return redirect(res, home, 'Plan updated', headers);
    }
  }
  throw new PageError(404, portalNotFoundPage(standIn));
};

/** `/i/:id`: the invoice's hosted page, and `/i/:id/pdf` its PDF (finalized invoices only, as on Stripe). */
export const handleInvoicePage: PageHandler = (standIn, req, res, id, action, headers) => {
  const invoice = standIn.store.invoices.get(id)?.invoice;
  if (req.method !== 'GET' || !invoice || invoice.status === 'draft') throw new PageError(404, invoiceNotFoundPage(id));
  if (action === '/pdf') {
    const pdf = invoicePdf(invoice, standIn.settings.businessName);
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `inline; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`,
    });
    res.end(pdf);
    return;
  }
  sendHtml(res, 200, invoicePage(standIn.settings.businessName, invoice), headers);
};
