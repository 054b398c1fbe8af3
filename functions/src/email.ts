/** Emails as orders keep them: trimmed, lower case (Firebase Auth keeps addresses in lower case,
 *  Stripe keeps what the buyer typed), so a guest's order and an account can be compared. */
export function normaliseEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}
