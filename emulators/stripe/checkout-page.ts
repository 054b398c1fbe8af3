/**
 * The hosted test-checkout page the session's `url` points at: what Stripe's page is for a buyer
 * (what is bought, the total, pay or go back), reduced to two plain HTML forms. Self-contained:
 * no scripts, fonts or images from anywhere, so it works offline and in any test browser.
 */
import type { CheckoutSession, LineItem } from './checkout-sessions.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  .banner { background: #ffde92; color: #5c3b00; text-align: center; padding: .5rem; font-weight: 600; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: .5rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.4rem; }
  ul { list-style: none; padding: 0; }
  li { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-bottom: 1px solid #e3e8ee; }
  .total { display: flex; justify-content: space-between; font-weight: 700; font-size: 1.2rem; margin: 1rem 0; }
  .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.4rem; border-radius: .3rem; border: 1px solid #635bff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
  .pay { background: #635bff; color: #fff; }
  .cancel { background: #fff; color: #3c366b; }
  .note { color: #4f566b; font-size: .9rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<p class="banner" role="note">Test mode — no real payment is made</p>
<main>
${body}
</main>
</body>
</html>`;
}

export function checkoutPage(session: CheckoutSession, items: LineItem[]): string {
  const currency = session.currency ?? 'usd';
  const rows = items
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span><span>${formatAmount(item.unitAmount * item.quantity, currency)}</span></li>`,
    )
    .join('\n');
  const total = formatAmount(session.amount_total ?? 0, currency);
  if (session.status !== 'open') return statusPage(session);
  const cancel = session.cancel_url
    ? `<form method="post" action="/c/pay/${encodeURIComponent(session.id)}/cancel"><button type="submit" class="cancel">Cancel</button></form>`
    : '';
  return page(
    `Pay ${total} — test checkout`,
    `<h1>Checkout</h1>
${session.customer_email ? `<p>Paying as ${escapeHtml(session.customer_email)}</p>` : ''}
<h2>Order summary</h2>
<ul aria-label="Items">
${rows}
</ul>
<p class="total"><span>Total due</span><span data-testid="total">${total}</span></p>
<p class="note">No card is needed here: Pay simulates a successful card payment and notifies the shop's webhook.</p>
<div class="actions">
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}/pay"><button type="submit" class="pay">Pay</button></form>
${cancel}
</div>`,
  );
}

/** For a session that can no longer be paid (already paid or expired). */
export function statusPage(session: CheckoutSession): string {
  const message =
    session.status === 'complete' ? 'This checkout session has already been paid.' : 'This checkout session has expired. Start a new checkout from the shop.';
  return page('Checkout unavailable — test checkout', `<h1>Checkout unavailable</h1>\n<p>${message}</p>`);
}

export function notFoundPage(id: string): string {
  return page('Checkout not found — test checkout', `<h1>Checkout not found</h1>\n<p>There is no checkout session with the id ${escapeHtml(id)}.</p>`);
}

/** Shown if the redirect after paying cannot be followed automatically. */
export function redirectPage(target: string, label: string): string {
  return page(label, `<h1>${escapeHtml(label)}</h1>\n<p><a href="${escapeHtml(target)}">Continue</a></p>`);
}
