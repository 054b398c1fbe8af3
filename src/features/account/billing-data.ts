/** Live access to billing/{uid}: what stripeWebhook keeps of the signed-in customer's card on
 *  file (the record and how it reads: src/data/billing.ts). */
import { billingPath, toCardSummary, type CardSummary } from '@/data/billing';
import { getDatabaseWithSdk } from '@/firebase/clients';

/** Calls onChange with the card on file (null when there is none) now and on every change. */
export async function watchCardOnFile(
  uid: string,
  onChange: (card: CardSummary | null) => void,
  onError: (error: Error) => void,
): Promise<() => void> {
  const [db, { onValue, ref }] = await getDatabaseWithSdk();
  return onValue(ref(db, billingPath(uid)), (snapshot) => onChange(toCardSummary(snapshot.val())), onError);
}
