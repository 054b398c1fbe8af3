/**
 * The hosted checkout's HTTP side (`/c/pay/:id`): the page, Pay (`/pay`), Cancel (`/cancel`) and
 * Update (`/update`: Apply a promotion code, Remove it, or work the tax out for the address typed).
 * Forms POST; Pay is answered with a 303 to the shop, Update with a 303 back to the page (which
 * shows what was typed and what changed, and can be reloaded), anything refused with the page
 * again, what was typed kept, and the message.
 */
import type { ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { sendHtml } from '@leopard/emulator-http';
import { findSession } from '../resources/checkout-lookup';
import { paySession } from '../resources/checkout-completion';
import {
  applyPromotionCode,
  checkAddress,
  detailsNeeded,
  findCodeForPage,
  readDetails,
  type DetailsForm,
} from '../resources/checkout-details';
import { checkoutPage, notFoundPage, statusPage, type CheckoutForm } from './checkout-page';
import { refreshTotals, sessionCoupon, taxAddress } from '../resources/checkout-totals';
import type { StandIn } from '../core/context';
import { redirectPage } from './html';
import { PageError, type PageHandler, readBody } from '../core/http';
import type { SessionRecord } from '../core/store';

const redirect = (res: ServerResponse, target: string, label: string, headers: Record<string, string>) =>
  sendHtml(res, 303, redirectPage(target, label), { ...headers, Location: target });

function knownEmail(standIn: StandIn, record: SessionRecord): string | null {
  const { session } = record;
  if (session.customer_email) return session.customer_email;
  if (typeof session.customer === 'string') return standIn.store.customers.get(session.customer)?.customer.email ?? null;
  return null;
}

/** What the page starts with: the named customer's saved name and address. */
function savedDetails(standIn: StandIn, record: SessionRecord): DetailsForm {
  const customer = typeof record.session.customer === 'string' ? standIn.store.customers.get(record.session.customer)?.customer : undefined;
  const address = customer?.address;
  return {
    termsAccepted: false,
    name: customer?.name ?? '',
    country: address?.country ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postal_code ?? '',
    taxId: '',
    promotionCode: '',
  };
}

/** The address typed, when complete enough to work tax out from. */
function typedAddress(details: DetailsForm): Stripe.Address | null {
  const address = checkAddress(details);
  return 'message' in address ? null : address;
}

/** Renders the open session's page with the totals for `details`' address. */
function render(standIn: StandIn, record: SessionRecord, form: Omit<CheckoutForm, 'knownEmail'>, details: DetailsForm): string {
  const { session } = record;
  if (session.status !== 'open') return statusPage(session);
  const address = taxAddress(standIn, record, typedAddress(details));
  const amounts = refreshTotals(standIn, record, address);
  const entry = session.discounts?.[0];
  const codeId = typeof entry?.promotion_code === 'string' ? entry.promotion_code : null;
  const code = codeId ? standIn.store.promotionCodes.get(codeId)?.promotionCode : undefined;
  const coupon = sessionCoupon(standIn, session);
  const needed = detailsNeeded(standIn, record);
  return checkoutPage(
    {
      session,
      items: record.lineItems,
      needed,
      appliedCode: code && coupon && needed.promotionCode ? { code: code.code, coupon } : null,
      shopCoupon: coupon && !needed.promotionCode ? coupon : null,
      taxRegion: amounts.region,
      taxKnown: !session.automatic_tax.enabled || Boolean(address?.country),
    },
    { ...form, details, knownEmail: knownEmail(standIn, record) },
  );
}

/** The fields kept for the page shown after an Update's redirect (never the buttons'). */
function keep(record: SessionRecord, fields: URLSearchParams, notice: string, overrides: Record<string, string> = {}) {
  const kept = Object.fromEntries([...fields].filter(([name]) => name !== 'remove_promotion_code'));
  record.draft = { fields: { ...kept, ...overrides }, notice };
}

/** Update: Remove or Apply a promotion code; the totals follow the address typed. Done: null (the
 *  page comes again by a redirect); refused: the page with the message. */
function update(standIn: StandIn, record: SessionRecord, fields: URLSearchParams): { status: number; html: string } | null {
  const details = readDetails(fields);
  const form: Omit<CheckoutForm, 'knownEmail'> = {
    cardNumber: fields.get('card_number') ?? undefined,
    email: fields.get('email') ?? undefined,
  };
  const needed = detailsNeeded(standIn, record);
  if (needed.promotionCode && fields.get('remove_promotion_code') === '1') {
    record.session.discounts = [];
    keep(record, fields, 'Promotion code removed.');
    return null;
  }
  if (needed.promotionCode && details.promotionCode !== '') {
    const found = findCodeForPage(standIn, record, details.promotionCode);
    if ('refusal' in found)
      return { status: 400, html: render(standIn, record, { ...form, error: found.refusal, errorField: 'promotionCode' }, details) };
    applyPromotionCode(record, found.code);
    keep(record, fields, `Promotion code ${found.code.promotionCode.code} applied.`, { promotion_code: '' });
    return null;
  }
  if (needed.address && details.country !== '') {
    const address = checkAddress(details);
    if ('message' in address)
      return { status: 400, html: render(standIn, record, { ...form, error: address.message, errorField: address.field }, details) };
  }
  keep(record, fields, 'Total updated.');
  return null;
}

/** The page as first shown, or as the buyer left it before an Update (its notice shown once). */
function pageNow(standIn: StandIn, record: SessionRecord): string {
  const { draft } = record;
  if (!draft) return render(standIn, record, {}, savedDetails(standIn, record));
  const fields = new URLSearchParams(draft.fields);
  const notice = draft.notice ?? undefined;
  draft.notice = null;
  const form = { notice, cardNumber: fields.get('card_number') ?? undefined, email: fields.get('email') ?? undefined };
  return render(standIn, record, form, readDetails(fields));
}

/** `/c/pay/:id` (the page), `/c/pay/:id/pay`, `/c/pay/:id/cancel`, `/c/pay/:id/update`. */
export const handleCheckoutPage: PageHandler = async (standIn, req, res, id, action, headers) => {
  const fields = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
  const record = findSession(standIn, id);
  if (!record) throw new PageError(404, notFoundPage(id));
  const { session } = record;
  const pagePath = `/c/pay/${encodeURIComponent(session.id)}`;
  if (req.method === 'GET' && action === '') return sendHtml(res, 200, pageNow(standIn, record), headers);
  // Reloading the address an Update's answer left in the browser's history.
  if (req.method === 'GET' && action === '/update') return redirect(res, pagePath, 'Checkout', headers);
  if (req.method !== 'POST' || (action !== '/pay' && action !== '/cancel' && action !== '/update'))
    throw new PageError(405, notFoundPage(id));
  if (session.status !== 'open') throw new PageError(409, statusPage(session));

  if (action === '/cancel') {
    // On Stripe, "back" leaves the session open; it can still be paid until it expires.
    return redirect(res, session.cancel_url ?? `${standIn.settings.baseUrl}/c/pay/${session.id}`, 'Checkout cancelled', headers);
  }
  if (action === '/update') {
    const refused = update(standIn, record, fields);
    if (refused) return sendHtml(res, refused.status, refused.html, headers);
    return redirect(res, pagePath, 'Checkout updated', headers);
  }
  const cardNumber = fields.get('card_number') ?? '4242424242424242';
  const email = knownEmail(standIn, record);
  const typedEmail = email === null ? fields.get('email')?.trim() || null : null;
  const details = readDetails(fields);
  const result = await paySession(standIn, record, { cardNumber, email: typedEmail, details });
  record.draft = undefined;
  if (!result.paid) {
    const html = render(
      standIn,
      record,
      { error: result.message, errorField: result.field ?? 'cardNumber', cardNumber, email: typedEmail ?? '' },
      details,
    );
    return sendHtml(res, result.status, html, headers);
  }
  redirect(res, result.target, 'Payment complete', headers);
};
