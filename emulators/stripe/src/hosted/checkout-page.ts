/**
 * The hosted test-checkout page the session's `url` points at: what Stripe's page is for a buyer
 * (what is bought, the total — per month or year for a subscription —, the card, pay or go back),
 * reduced to plain HTML forms. As the session asks: the billing address (country, street, city,
 * state, postal code) with the tax it brings, a tax ID, a promotion code (Apply shows the
 * discount), and the terms of service to accept (the session's custom text, with its link).
 * No scripts: Apply and Update total post the form back and the page comes again with what was
 * typed.
 */
import type Stripe from 'stripe';
import { DEFAULT_TEST_CARD } from '../resources/cards';
import { COUNTRIES, type DetailsForm, type DetailsNeeded } from '../resources/checkout-details';
import type { LineItem } from '../core/store';
import { errorMessage, escapeHtml, page } from './html';
import { formatAmount, recurringAmount } from '../core/format';
import { percentageOf, type TaxRegion } from '../resources/tax-table';

export interface CheckoutForm {
  /** Shown above the form (a declined card, a field missing). */
  error?: string;
  /** The field the error is about (marked invalid). */
  errorField?: string;
  /** Shown above the form when something worked (a code applied). */
  notice?: string;
  /** What the buyer typed last time. */
  cardNumber?: string;
  email?: string;
  details?: DetailsForm;
  /** The buyer's email when the session (or its customer) has one. */
  knownEmail: string | null;
}

/** What the page shows besides the session: which details it asks for and the money's parts. */
export interface CheckoutView {
  session: Stripe.Checkout.Session;
  items: LineItem[];
  needed: DetailsNeeded;
  /** The code applied on the session (shown with a Remove button), and its coupon. */
  appliedCode: { code: string; coupon: Stripe.Coupon } | null;
  /** The coupon of a discount the shop put on the session (no code field then). */
  shopCoupon: Stripe.Coupon | null;
  /** Where tax was worked out for (null with automatic tax on: no address yet). */
  taxRegion: TaxRegion | null;
  taxKnown: boolean;
}

/** What this page adds to the hosted pages' frame (html.ts): summary lines, the address
 *  fieldset, the terms checkbox and invalid fields. */
const PAGE_STYLE = `<style>
  .line { display: flex; justify-content: space-between; gap: 1rem; margin: .25rem 0; }
  .line span:last-child { white-space: nowrap; }
  fieldset { border: 1px solid #e3e8ee; border-radius: .4rem; margin: 1rem 0; padding: 0 1rem 1rem; }
  legend { font-weight: 600; padding: 0 .3rem; }
  select { font: inherit; padding: .5rem; border: 1px solid #8792a2; border-radius: .3rem; width: 100%; box-sizing: border-box; background: #fff; }
  select:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
  .consent { display: flex; gap: .6rem; align-items: flex-start; margin-top: 1rem; }
  .consent input { width: 1.25rem; height: 1.25rem; flex: none; margin: .15rem 0 0; }
  .consent label { font-weight: 400; margin: 0; }
  [aria-invalid="true"] { border-color: #a4122f; outline: 2px solid #a4122f; }
</style>`;

const itemPrice = (item: LineItem, currency: string) =>
  item.recurring
    ? recurringAmount(item.unitAmount * item.quantity, currency, item.recurring.interval, item.recurring.interval_count)
    : formatAmount(item.unitAmount * item.quantity, currency);

/** "10 % off" or "$5.00 off", and for how long. */
export function couponLabel(coupon: Stripe.Coupon): string {
  const amount =
    coupon.percent_off !== null ? `${coupon.percent_off} % off` : `${formatAmount(coupon.amount_off ?? 0, coupon.currency ?? 'usd')} off`;
  const duration =
    coupon.duration === 'forever'
      ? 'every payment'
      : coupon.duration === 'repeating'
        ? `for ${coupon.duration_in_months} month${coupon.duration_in_months === 1 ? '' : 's'}`
        : 'the first payment';
  return `${amount} ${duration}`;
}

/** The custom terms text, escaped, with its Markdown links (`[Terms](https://…)`) as links. */
export function termsText(message: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of message.matchAll(/\[([^\]]{1,200})\]\((https?:\/\/[^\s)]{1,2000})\)/g)) {
    parts.push(escapeHtml(message.slice(last, match.index)));
    parts.push(`<a href="${escapeHtml(match[2])}" target="_blank" rel="noopener">${escapeHtml(match[1])}</a>`);
    last = match.index + match[0].length;
  }
  parts.push(escapeHtml(message.slice(last)));
  return parts.join('');
}

/** The field the page's message is about (the message itself is announced: role=alert). */
const invalid = (form: CheckoutForm, field: string) => (form.errorField === field ? ' aria-invalid="true"' : '');

function field(form: CheckoutForm, name: keyof DetailsForm, id: string, label: string, value: string, attributes = '') {
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${id.replaceAll('-', '_')}" value="${escapeHtml(value)}"${attributes}${invalid(form, name)}>`;
}

function addressFields(view: CheckoutView, form: CheckoutForm, details: DetailsForm): string {
  const nameRequired = view.session.billing_address_collection === 'required';
  const options = COUNTRIES.map(
    (country) =>
      `<option value="${country.code}"${details.country === country.code ? ' selected' : ''}>${escapeHtml(country.name)}</option>`,
  ).join('');
  return `<fieldset>
<legend>Billing address</legend>
${nameRequired ? field(form, 'name', 'name', 'Full name', details.name, ' autocomplete="name" required') : ''}
<label for="country">Country</label>
<select id="country" name="country" autocomplete="country" required${invalid(form, 'country')}><option value="">Choose…</option>${options}</select>
${field(form, 'line1', 'line1', 'Address line 1', details.line1, ' autocomplete="address-line1" required')}
${field(form, 'line2', 'line2', 'Address line 2 (optional)', details.line2, ' autocomplete="address-line2"')}
${field(form, 'city', 'city', 'City', details.city, ' autocomplete="address-level2" required')}
${field(form, 'state', 'state', 'State or province', details.state, ' autocomplete="address-level1" aria-describedby="state-hint"')}
<p class="note" id="state-hint">Two letters, for example CA or NY (required in the United States and Canada).</p>
${field(form, 'postalCode', 'postal-code', 'Postal code', details.postalCode, ' autocomplete="postal-code" required')}
${view.session.automatic_tax.enabled ? '<div class="actions"><button type="submit" formaction="ACTION/update" formnovalidate>Update total</button></div>' : ''}
</fieldset>`;
}

function promotionField(view: CheckoutView, form: CheckoutForm, details: DetailsForm): string {
  if (view.appliedCode) {
    return `<p data-testid="promotion-code">Promotion code <strong>${escapeHtml(view.appliedCode.code)}</strong> applied: ${escapeHtml(couponLabel(view.appliedCode.coupon))}.</p>
<div class="actions"><button type="submit" formaction="ACTION/update" formnovalidate name="remove_promotion_code" value="1">Remove code</button></div>`;
  }
  return `${field(form, 'promotionCode', 'promotion-code', 'Promotion code (optional)', details.promotionCode, ' autocomplete="off"')}
<div class="actions"><button type="submit" formaction="ACTION/update" formnovalidate>Apply</button></div>`;
}

function summary(view: CheckoutView): string {
  const { session } = view;
  const currency = session.currency ?? 'usd';
  const details = session.total_details ?? { amount_discount: 0, amount_tax: 0, amount_shipping: 0 };
  const rows: string[] = [];
  const coupon = view.appliedCode?.coupon ?? view.shopCoupon;
  if (coupon || session.automatic_tax.enabled)
    rows.push(
      `<p class="line"><span>Subtotal</span><span data-testid="subtotal">${formatAmount(session.amount_subtotal ?? 0, currency)}</span></p>`,
    );
  if (coupon)
    rows.push(
      `<p class="line"><span>Discount (${escapeHtml(view.appliedCode?.code ?? coupon.name ?? coupon.id)}: ${escapeHtml(couponLabel(coupon))})</span><span data-testid="discount">−${formatAmount(details.amount_discount, currency)}</span></p>`,
    );
  if (session.automatic_tax.enabled) {
    const label = !view.taxKnown
      ? 'Tax (worked out from your billing address)'
      : view.taxRegion
        ? `${view.taxRegion.displayName} — ${view.taxRegion.jurisdiction} (${percentageOf(view.taxRegion)} %)`
        : 'Tax (0 %: not collected for this address)';
    rows.push(
      `<p class="line"><span>${escapeHtml(label)}</span><span data-testid="tax">${view.taxKnown ? formatAmount(details.amount_tax, currency) : '—'}</span></p>`,
    );
  }
  return rows.join('\n');
}

export function checkoutPage(view: CheckoutView, form: CheckoutForm): string {
  const { session, items, needed } = view;
  if (session.status !== 'open') return statusPage(session);
  const currency = session.currency ?? 'usd';
  const rows = items
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span><span>${itemPrice(item, currency)}</span></li>`,
    )
    .join('\n');
  const total = formatAmount(session.amount_total ?? 0, currency);
  const recurring = items.find((item) => item.recurring)?.recurring;
  const action = `/c/pay/${encodeURIComponent(session.id)}`;
  const details = form.details ?? ({} as DetailsForm);
  const cancel = session.cancel_url
    ? `<div class="actions">\n<form method="post" action="${action}/cancel"><button type="submit" class="cancel">Cancel</button></form>\n</div>`
    : '';
  const emailField =
    form.knownEmail === null
      ? `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email"${session.mode === 'subscription' ? ' required' : ''} value="${escapeHtml(form.email ?? '')}"${invalid(form, 'email')}>`
      : '';
  const terms = needed.terms
    ? `<div class="consent">
<input type="checkbox" id="terms-of-service" name="terms_of_service" value="accepted" required${details.termsAccepted ? ' checked' : ''}${invalid(form, 'termsAccepted')}>
<label for="terms-of-service">${session.custom_text.terms_of_service_acceptance ? termsText(session.custom_text.terms_of_service_acceptance.message) : 'I agree to the terms of service.'}</label>
</div>`
    : '';
  const taxIdField = needed.taxId
    ? `${field(form, 'taxId', 'tax-id', 'Tax ID (optional)', details.taxId ?? '', ' autocomplete="off" aria-describedby="tax-id-hint"')}
<p class="note" id="tax-id-hint">For a business: a VAT number (DE123456789, GB123456789) or a US EIN (12-3456789) from your billing address's country.</p>`
    : '';
  const submit = session.custom_text.submit ? `<p class="note">${escapeHtml(session.custom_text.submit.message)}</p>` : '';
  const notice = form.notice ? `<p class="notice" role="status">${escapeHtml(form.notice)}</p>` : '';
  const error = errorMessage(form.error);
  const body = `${PAGE_STYLE}
<h1>Checkout</h1>
${form.knownEmail ? `<p>Paying as ${escapeHtml(form.knownEmail)}</p>` : ''}
<h2>Order summary</h2>
<ul class="items" aria-label="Items">
${rows}
</ul>
${recurring ? `<p data-testid="recurring">Subscription: ${recurringAmount(session.amount_subtotal ?? 0, currency, recurring.interval, recurring.interval_count)}</p>` : ''}
${summary(view)}
<p class="total"><span>${recurring ? 'Total due today' : 'Total due'}</span><span data-testid="total">${total}</span></p>
${notice}
${error}
<form method="post" action="${action}/pay">
${emailField}
${needed.address ? addressFields(view, form, details) : ''}
${taxIdField}
${needed.promotionCode ? promotionField(view, form, details) : ''}
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" aria-describedby="card-hint" value="${escapeHtml(form.cardNumber ?? DEFAULT_TEST_CARD)}"${invalid(form, 'cardNumber')}>
<p class="note" id="card-hint">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Nothing is charged: Pay notifies the shop's webhook.</p>
${terms}
${submit}
<div class="actions"><button type="submit" class="primary pay">Pay</button></div>
</form>
${cancel}`;
  return page(`Pay ${total} — test checkout`, body.replaceAll('formaction="ACTION/', `formaction="${action}/`));
}

/** For a session that can no longer be paid (already paid or expired). */
export function statusPage(session: Stripe.Checkout.Session): string {
  const message =
    session.status === 'complete'
      ? 'This checkout session has already been paid.'
      : 'This checkout session has expired and can no longer be paid. Start a new checkout from the shop.';
  return page('Checkout unavailable — test checkout', `<h1>Checkout unavailable</h1>\n<p>${message}</p>`);
}

export function notFoundPage(id: string): string {
  return page(
    'Checkout not found — test checkout',
    `<h1>Checkout not found</h1>\n<p>There is no checkout session with the id ${escapeHtml(id)}.</p>`,
  );
}
