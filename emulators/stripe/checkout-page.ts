/**
 * The hosted test-checkout page the session's `url` points at: what Stripe's page is for a buyer
 * (what is bought, the total — per month or year for a subscription —, the card, pay or go back),
 * reduced to plain HTML forms.
 */
import type Stripe from 'stripe';
import { DEFAULT_TEST_CARD } from './cards';
import type { LineItem } from './checkout-sessions';
import { errorMessage, escapeHtml, formatAmount, page, recurringAmount } from './html';

export interface CheckoutForm {
  /** Shown above the form (a declined card). */
  error?: string;
  /** What the buyer typed last time. */
  cardNumber?: string;
  email?: string;
  /** The buyer's email when the session (or its customer) has one. */
  knownEmail: string | null;
}

const itemPrice = (item: LineItem, currency: string) =>
  item.recurring
    ? recurringAmount(item.unitAmount * item.quantity, currency, item.recurring.interval, item.recurring.interval_count)
    : formatAmount(item.unitAmount * item.quantity, currency);

export function checkoutPage(session: Stripe.Checkout.Session, items: LineItem[], form: CheckoutForm): string {
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
  const cancel = session.cancel_url
    ? `<div class="actions">\n<form method="post" action="${action}/cancel"><button type="submit" class="cancel">Cancel</button></form>\n</div>`
    : '';
  const emailField =
    form.knownEmail === null
      ? `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email"${session.mode === 'subscription' ? ' required' : ''} value="${escapeHtml(form.email ?? '')}">`
      : '';
  return page(
    `Pay ${total} — test checkout`,
    `<h1>Checkout</h1>
${form.knownEmail ? `<p>Paying as ${escapeHtml(form.knownEmail)}</p>` : ''}
<h2>Order summary</h2>
<ul class="items" aria-label="Items">
${rows}
</ul>
${recurring ? `<p data-testid="recurring">Subscription: ${recurringAmount(session.amount_total ?? 0, currency, recurring.interval, recurring.interval_count)}</p>` : ''}
<p class="total"><span>${recurring ? 'Total due today' : 'Total due'}</span><span data-testid="total">${total}</span></p>
${errorMessage(form.error)}
<form method="post" action="${action}/pay">
${emailField}
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" aria-describedby="card-hint" value="${escapeHtml(form.cardNumber ?? DEFAULT_TEST_CARD)}">
<p class="note" id="card-hint">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Nothing is charged: Pay notifies the shop's webhook.</p>
<div class="actions"><button type="submit" class="primary pay">Pay</button></div>
</form>
${cancel}`,
  );
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
