/** Live access to billing/{uid}: what stripeWebhook keeps of the signed-in customer's card on
 *  file (the card itself stays with Stripe). */
import { getDatabaseClient } from '@/firebase/clients';

export interface CardOnFile {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

function toCard(value: unknown): CardOnFile | null {
  const card = (value as { card?: Record<string, unknown> } | null)?.card;
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

/** Calls onChange with the card on file (null when there is none) now and on every change. */
export async function watchCardOnFile(
  uid: string,
  onChange: (card: CardOnFile | null) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [db, { onValue, ref }] = await Promise.all([getDatabaseClient(), import('firebase/database')]);
  return onValue(ref(db, `billing/${uid}`), (snapshot) => onChange(toCard(snapshot.val())), onError);
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** "Visa •••• 4242, expires 12/2034". */
export function describeCard({ brand, last4, expMonth, expYear }: CardOnFile): string {
  return `${BRANDS[brand] ?? brand} •••• ${last4}, expires ${String(expMonth).padStart(2, '0')}/${expYear}`;
}
