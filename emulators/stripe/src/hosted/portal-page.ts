/**
 * The hosted billing portal (the portal session's `url`) and its pages: the customer's plans with
 * their price, status and next payment or end, its invoices (each with its total), its card, its
 * credit balance when it has one, and the actions "Update
 * payment method", "Cancel plan" and "Return to <business>". Each action is a form that POSTs and
 * is answered with a redirect back to the portal, which can be reloaded at any time.
 */
import type Stripe from 'stripe';
import { BRAND_NAMES } from '../resources/cards';
import type { StandIn } from '../core/context';
import { defaultPaymentMethodId } from '../resources/customers';
import { errorMessage, escapeHtml, page } from './html';
import { formatAmount, formatDate, recurringAmount } from '../core/format';
import { INVOICE_STATUS_WORDS } from './invoice-summary';
import { CANCELLATION_REASON_WORDS, planOptions, portalConfiguration } from './portal-actions';
import type { PortalSessionRecord } from '../core/store';
import { currentPeriod, intervalOf, isLive } from '../resources/subscriptions';

const STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  trialing: 'Trial',
  unpaid: 'Unpaid',
  paused: 'Paused',
};
export const portalPath = (portal: PortalSessionRecord) => `/p/session/${encodeURIComponent(portal.session.id)}`;

export function productName(standIn: StandIn, subscription: Stripe.Subscription): string {
  return subscription.items.data.map((item) => standIn.store.products.get(item.price.product as string)?.name ?? 'Subscription').join(', ');
}

/** "Visa •••• 4242, expires 12/34". */
export function cardLabel(paymentMethod: Stripe.PaymentMethod): string {
  const card = paymentMethod.card!;
  const brand = BRAND_NAMES[card.brand as keyof typeof BRAND_NAMES] ?? card.brand;
  return `${brand} •••• ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;
}

function subscriptionAmount(subscription: Stripe.Subscription): string {
  const { interval, count } = intervalOf(subscription);
  const cents = subscription.items.data.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0);
  return recurringAmount(cents, subscription.currency, interval, count);
}

function subscriptionDates(subscription: Stripe.Subscription): string[] {
  if (!isLive(subscription)) return [`Ended on ${formatDate(subscription.ended_at ?? subscription.canceled_at ?? subscription.created)}`];
  const { end } = currentPeriod(subscription);
  if (subscription.cancel_at !== null && subscription.cancel_at <= end) return [`Cancels on ${formatDate(subscription.cancel_at)}`];
  const lines = [`Next payment on ${formatDate(end)}`];
  if (subscription.cancel_at !== null) lines.push(`Cancels on ${formatDate(subscription.cancel_at)}`);
  return lines;
}

const subscriptionPath = (portal: PortalSessionRecord, subscription: Stripe.Subscription) =>
  `${portalPath(portal)}/subscriptions/${encodeURIComponent(subscription.id)}`;

function subscriptionBlock(standIn: StandIn, portal: PortalSessionRecord, subscription: Stripe.Subscription): string {
  const headingId = `subscription-${subscription.id}`;
  const configuration = portalConfiguration(standIn, portal);
  const canCancel =
    isLive(subscription) && !subscription.cancel_at_period_end && configuration?.features.subscription_cancel.enabled !== false;
  const canUpdate = planOptions(standIn, configuration, subscription) !== null;
  const links = [
    canUpdate ? `<a class="button" href="${subscriptionPath(portal, subscription)}/update">Update plan</a>` : '',
    canCancel ? `<a class="button" href="${subscriptionPath(portal, subscription)}/cancel">Cancel plan</a>` : '',
  ].filter(Boolean);
  const cancel = links.length > 0 ? `<div class="actions">${links.join('')}</div>` : '';
  return `<article class="subscription" aria-labelledby="${headingId}">
<h3 id="${headingId}">${escapeHtml(productName(standIn, subscription))}</h3>
<p>${subscriptionAmount(subscription)}</p>
<p>Status: ${STATUS_WORDS[subscription.status] ?? subscription.status}</p>
${subscriptionDates(subscription)
  .map((line) => `<p>${line}</p>`)
  .join('\n')}
${cancel}
</article>`;
}

export function portalPage(standIn: StandIn, portal: PortalSessionRecord): string {
  const business = escapeHtml(standIn.settings.businessName);
  const customer = standIn.store.customers.get(portal.session.customer)?.customer;
  if (!customer) return portalNotFoundPage(standIn);
  const subscriptions = standIn.store
    .subscriptionsOf(customer.id)
    .sort((a, b) => Number(isLive(b.subscription)) - Number(isLive(a.subscription)) || b.seq - a.seq)
    .map((record) => record.subscription);
  const invoices = standIn.store
    .invoicesOf(customer.id)
    .filter((record) => record.invoice.status !== 'draft')
    .sort((a, b) => b.invoice.created - a.invoice.created || b.seq - a.seq)
    .map((record) => record.invoice);
  const paymentMethodId = defaultPaymentMethodId({ customer, seq: 0 });
  const paymentMethod = paymentMethodId ? standIn.store.paymentMethods.get(paymentMethodId)?.paymentMethod : undefined;
  const unpaid = invoices.filter((invoice) => invoice.status === 'open');
  const due = unpaid.reduce((sum, invoice) => sum + invoice.amount_remaining, 0);
  const notice =
    unpaid.length > 0
      ? `<p class="notice">Your last payment failed. Update your payment method to pay ${formatAmount(due, unpaid[0].currency)}.</p>`
      : '';
  const invoiceRows = invoices
    .map(
      (invoice) =>
        `<tr><td>${formatDate(invoice.created)}</td><td>${formatAmount(invoice.total, invoice.currency)}</td><td>${INVOICE_STATUS_WORDS[invoice.status ?? ''] ?? invoice.status}</td><td>${
          invoice.hosted_invoice_url ? `<a href="/i/${encodeURIComponent(invoice.id)}">Invoice ${escapeHtml(invoice.number ?? '')}</a>` : ''
        }</td></tr>`,
    )
    .join('\n');
  // Stripe's portal lists an invoice's total (a downgrade's proration is negative and paid with
  // nothing due) and says the credit balance it left, which the next invoices take.
  const credit =
    customer.balance < 0
      ? `<section aria-labelledby="credit-heading">
<h2 id="credit-heading">Credit balance</h2>
<p><span data-testid="credit-balance">${formatAmount(-customer.balance, customer.currency ?? 'usd')}</span> will be applied to your next invoices.</p>
</section>`
      : '';
  const returnLink = portal.session.return_url ? `<p><a href="${escapeHtml(portal.session.return_url)}">Return to ${business}</a></p>` : '';
  return page(
    `${standIn.settings.businessName} — billing`,
    `<h1>${business}</h1>
<p class="note">Billing for ${escapeHtml(customer.email ?? customer.id)}</p>
${returnLink}
${notice}
<section aria-labelledby="subscriptions-heading">
<h2 id="subscriptions-heading">Subscriptions</h2>
${subscriptions.length > 0 ? subscriptions.map((subscription) => subscriptionBlock(standIn, portal, subscription)).join('\n') : '<p>You have no subscriptions.</p>'}
</section>
<section aria-labelledby="payment-method-heading">
<h2 id="payment-method-heading">Payment method</h2>
<p>${paymentMethod ? escapeHtml(cardLabel(paymentMethod)) : 'No payment method on file.'}</p>
<div class="actions"><a class="button" href="${portalPath(portal)}/payment-method">Update payment method</a></div>
</section>
${credit}
<section aria-labelledby="invoices-heading">
<h2 id="invoices-heading">Invoice history</h2>
${
  invoices.length > 0
    ? `<table aria-labelledby="invoices-heading">
<thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Invoice</th></tr></thead>
<tbody>
${invoiceRows}
</tbody>
</table>`
    : '<p>No invoices yet.</p>'
}
</section>`,
  );
}

export function updatePaymentMethodPage(standIn: StandIn, portal: PortalSessionRecord, error?: string, cardNumber = ''): string {
  return page(
    `Update payment method — ${standIn.settings.businessName}`,
    `<h1>Update payment method</h1>
<p class="note">${escapeHtml(standIn.settings.businessName)} billing</p>
${errorMessage(error)}
<form method="post" action="${portalPath(portal)}/payment-method">
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" aria-describedby="card-hint" required value="${escapeHtml(cardNumber)}">
<p class="note" id="card-hint">Test cards: 4242 4242 4242 4242 works; with 4000 0000 0000 0341 the card is saved but its charges fail.</p>
<div class="actions"><button type="submit" class="primary">Save card</button><a href="${portalPath(portal)}">Go back</a></div>
</form>`,
  );
}

export function cancelPlanPage(standIn: StandIn, portal: PortalSessionRecord, subscription: Stripe.Subscription): string {
  const name = escapeHtml(productName(standIn, subscription));
  const cancel = portalConfiguration(standIn, portal)?.features.subscription_cancel;
  const immediately = cancel?.mode === 'immediately';
  const reasons = cancel?.cancellation_reason.enabled ? cancel.cancellation_reason.options : [];
  const when = immediately
    ? `<p>Your subscription to ${name} will end now. No further payments will be taken.</p>`
    : `<p>Your subscription to ${name} will be canceled, but is still available until the end of your billing period on ${formatDate(currentPeriod(subscription).end)}. No further payments will be taken.</p>`;
  const survey =
    reasons.length > 0
      ? `<fieldset>
<legend>Why are you canceling? (optional)</legend>
${reasons
  .map(
    (reason) =>
      `<label class="choice"><input type="radio" name="reason" value="${escapeHtml(reason)}"> ${escapeHtml(CANCELLATION_REASON_WORDS[reason] ?? reason)}</label>`,
  )
  .join('\n')}
</fieldset>
<label for="comment">Anything else you would like to tell us? (optional)</label>
<textarea id="comment" name="comment" rows="3" maxlength="500"></textarea>`
      : '';
  return page(
    `Cancel your plan — ${standIn.settings.businessName}`,
    `<h1>Cancel your plan</h1>
${when}
<form method="post" action="${subscriptionPath(portal, subscription)}/cancel">
${survey}
<div class="actions"><button type="submit" class="danger">Cancel plan</button><a href="${portalPath(portal)}">Go back</a></div>
</form>`,
  );
}

function priceLabel(standIn: StandIn, price: Stripe.Price): string {
  const recurring = price.recurring!;
  const name = standIn.store.products.get(price.product as string)?.name ?? price.nickname ?? 'Plan';
  return `${name} — ${recurringAmount(price.unit_amount ?? 0, price.currency, recurring.interval, recurring.interval_count)}`;
}

/** "Update plan": the prices the configuration offers, the current one marked. */
export function updatePlanPage(standIn: StandIn, portal: PortalSessionRecord, subscription: Stripe.Subscription, error?: string): string {
  const offer = planOptions(standIn, portalConfiguration(standIn, portal), subscription);
  const options = (offer?.options ?? [])
    .map(
      ({ price, current }) =>
        `<label class="choice"><input type="radio" name="price" value="${escapeHtml(price.id)}"${current ? ' disabled' : ' required'}> ${escapeHtml(priceLabel(standIn, price))}${current ? ' (current plan)' : ''}</label>`,
    )
    .join('\n');
  return page(
    `Update your plan — ${standIn.settings.businessName}`,
    `<h1>Update your plan</h1>
${errorMessage(error)}
<form method="post" action="${subscriptionPath(portal, subscription)}/update">
<fieldset>
<legend>Choose a plan</legend>
${options}
</fieldset>
<div class="actions"><button type="submit" class="primary">Continue</button><a href="${portalPath(portal)}">Go back</a></div>
</form>`,
  );
}

/** What switching to `price` costs, before the customer confirms it. */
export function confirmPlanPage(
  standIn: StandIn,
  portal: PortalSessionRecord,
  subscription: Stripe.Subscription,
  price: Stripe.Price,
  preview: Stripe.Invoice | null,
  error?: string,
): string {
  const recurring = price.recurring!;
  const currency = price.currency;
  const due = preview
    ? `<table>
<caption>Due today</caption>
<tbody>
${preview.lines.data.map((line) => `<tr><td>${escapeHtml(line.description ?? '')}</td><td>${formatAmount(line.amount, currency)}</td></tr>`).join('\n')}
</tbody>
</table>
${(preview.total_taxes ?? []).map((tax) => `<p class="total"><span>Tax</span><span>${formatAmount(tax.amount, currency)}</span></p>`).join('\n')}
<p class="total"><span>Amount due today</span><span data-testid="amount-due">${formatAmount(preview.amount_due, currency)}</span></p>
${preview.total < 0 ? `<p>${formatAmount(-preview.total, currency)} will be added to your credit balance for future invoices.</p>` : ''}`
    : `<p>The change takes effect now; your next invoice on ${formatDate(currentPeriod(subscription).end)} reflects it.</p>`;
  return page(
    `Confirm your new plan — ${standIn.settings.businessName}`,
    `<h1>Confirm your new plan</h1>
${errorMessage(error)}
<p>${escapeHtml(priceLabel(standIn, price))}</p>
<p>Then ${recurringAmount(price.unit_amount ?? 0, currency, recurring.interval, recurring.interval_count)} for this plan.</p>
${due}
<form method="post" action="${subscriptionPath(portal, subscription)}/update/confirm">
<input type="hidden" name="price" value="${escapeHtml(price.id)}">
<div class="actions"><button type="submit" class="primary">Confirm</button><a href="${subscriptionPath(portal, subscription)}/update">Go back</a></div>
</form>`,
  );
}

export function portalNotFoundPage(standIn: StandIn): string {
  return page(
    `Not found — ${standIn.settings.businessName}`,
    `<h1>Billing portal not found</h1>\n<p>This link is not valid. Open the billing portal again from ${escapeHtml(standIn.settings.businessName)}.</p>`,
  );
}
