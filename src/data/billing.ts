/**
 * The record billing/{uid}: what the webhook keeps of a customer's card on file (the card itself
 * stays with Stripe; functions/src/billing/card-summary.ts writes it from Stripe's reading) and how the
 * customer area and the staff console read and describe it. Pure: no React, no Firebase.
 */

export const BILLING_PATH = 'billing';

export const billingPath = (uid: string) => `${BILLING_PATH}/${uid}`;

/** billing/{uid}/card: the brand, last four digits and expiry of the default payment method. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The card of a stored billing/{uid} record; null when there is none or it is not well formed. */
export function toCardSummary(record: unknown): CardSummary | null {
  const card = (record as { card?: Record<string, unknown> } | null)?.card;
  if (!card) return null;
  const { brand, last4, expMonth, expYear } = card;
  const valid =
    typeof brand === 'string' &&
    typeof last4 === 'string' &&
    /^[0-9]{4}$/.test(last4) &&
    Number.isInteger(expMonth) &&
    Number.isInteger(expYear);
  return valid ? { brand, last4, expMonth: expMonth as number, expYear: expYear as number } : null;
}

const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242, expires 12/2034". */
export function describeCard({ brand, last4, expMonth, expYear }: CardSummary): string {
  return `${BRANDS[brand] ?? brand} •••• ${last4}, expires ${String(expMonth).padStart(2, '0')}/${expYear}`;
}
