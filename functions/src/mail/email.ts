/** Emails as orders keep them: trimmed, lower case (Firebase Auth keeps addresses in lower case,
 *  Stripe keeps what the buyer typed), for staff to read and for the claim link's mail. An equal
 *  email never gives an order to an account (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). */
export function normaliseEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}
