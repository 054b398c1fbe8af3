/**
 * The hosted billing portal (the portal session's `url`) and its pages: the customer's plans with
 * their price, status and next payment or end, its invoices, its card, and the actions "Update
 * payment method", "Cancel plan" and "Return to <business>". Each action is a form that POSTs and
 * is answered with a redirect back to the portal, which can be reloaded at any time.
 */
import type Stripe from 'stripe';
import { BRAND_NAMES } from './cards';
import type { StandIn } from './context';
import { defaultPaymentMethodId } from './customers';
import { errorMessage, escapeHtml, formatAmount, formatDate, page, recurringAmount } from './html';
import type { PortalSessionRecord } from './store';
import { currentPeriod, intervalOf, isLive } from './subscriptions';

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
const INVOICE_STATUS_WORDS: Record<string, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
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

function subscriptionBlock(standIn: StandIn, portal: PortalSessionRecord, subscription: Stripe.Subscription): string {
  const headingId = `subscription-${subscription.id}`;
  const canCancel = isLive(subscription) && !subscription.cancel_at_period_end;
  const cancel = canCancel
    ? `<div class="actions"><a class="button" href="${portalPath(portal)}/subscriptions/${encodeURIComponent(subscription.id)}/cancel">Cancel plan</a></div>`
    : '';
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
        `<tr><td>${formatDate(invoice.created)}</td><td>${formatAmount(invoice.amount_due, invoice.currency)}</td><td>${INVOICE_STATUS_WORDS[invoice.status ?? ''] ?? invoice.status}</td><td>${
          invoice.hosted_invoice_url ? `<a href="/i/${encodeURIComponent(invoice.id)}">Invoice ${escapeHtml(invoice.number ?? '')}</a>` : ''
        }</td></tr>`,
    )
    .join('\n');
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
  return page(
    `Cancel your plan — ${standIn.settings.businessName}`,
    `<h1>Cancel your plan</h1>
<p>Your ${name} plan will be canceled, but is still available until the end of your billing period on ${formatDate(currentPeriod(subscription).end)}. No further payments will be taken.</p>
<form method="post" action="${portalPath(portal)}/subscriptions/${encodeURIComponent(subscription.id)}/cancel">
<div class="actions"><button type="submit" class="danger">Cancel plan</button><a href="${portalPath(portal)}">Go back</a></div>
</form>`,
  );
}

export function portalNotFoundPage(standIn: StandIn): string {
  return page(
    `Not found — ${standIn.settings.businessName}`,
    `<h1>Billing portal not found</h1>\n<p>This link is not valid. Open the billing portal again from ${escapeHtml(standIn.settings.businessName)}.</p>`,
  );
}

export function invoicePage(standIn: StandIn, invoice: Stripe.Invoice): string {
  const business = escapeHtml(standIn.settings.businessName);
  const lines = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description ?? '')}<br><span class="note">${formatDate(line.period.start)} – ${formatDate(line.period.end)}</span></td><td>${formatAmount(line.amount, line.currency)}</td></tr>`,
    )
    .join('\n');
  const paidAt = invoice.status_transitions.paid_at;
  // The customer's credit (negative) or debit the invoice took: total + applied = amount due.
  const applied = invoice.starting_balance - (invoice.ending_balance ?? invoice.starting_balance);
  return page(
    `Invoice ${invoice.number ?? ''} — ${standIn.settings.businessName}`,
    `<h1>Invoice ${escapeHtml(invoice.number ?? '')}</h1>
<p>From ${business} to ${escapeHtml(invoice.customer_email ?? '')}</p>
<p>Status: ${INVOICE_STATUS_WORDS[invoice.status ?? ''] ?? invoice.status}${paidAt ? `, paid on ${formatDate(paidAt)}` : ''}</p>
<p>Issued on ${formatDate(invoice.created)}</p>
<table>
<caption>Items</caption>
<thead><tr><th scope="col">Description</th><th scope="col">Amount</th></tr></thead>
<tbody>
${lines}
</tbody>
</table>
${applied !== 0 ? `<p class="total"><span>Applied balance</span><span>${formatAmount(applied, invoice.currency)}</span></p>\n` : ''}<p class="total"><span>${invoice.status === 'paid' ? 'Amount paid' : 'Amount due'}</span><span>${formatAmount(invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_remaining, invoice.currency)}</span></p>`,
  );
}

export function invoiceNotFoundPage(id: string): string {
  return page('Invoice not found', `<h1>Invoice not found</h1>\n<p>There is no invoice ${escapeHtml(id)} to show.</p>`);
}
