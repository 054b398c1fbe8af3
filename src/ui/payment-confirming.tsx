import { useEffect, useState } from 'react';
import { PAYMENT_CONFIRMING, subscriptionState, type OrderSubscription } from '@/catalog/subscription';
import { externalLinks } from '@/config/external-links';

/** Whether an order is still waiting for Stripe's webhook: a subscription order, not refused or
 *  expired, whose status the webhook has not written yet, and whose buyer came back from Stripe
 *  after Pay (checkoutCompletedAt) or whose subscription Stripe already started, its payment
 *  pending. A checkout left before Pay is "Not paid yet" instead (src/catalog/unpaid-checkouts.ts). */
export function isConfirmingPayment(order: {
  paymentStatus: string;
  subscription?: Partial<OrderSubscription> | null;
  checkoutCompletedAt: number | null;
}): boolean {
  const { subscription, paymentStatus } = order;
  if (!subscription || paymentStatus === 'expired' || paymentStatus === 'failed') return false;
  if (subscription.subscriptionStatus === undefined && order.checkoutCompletedAt === null) return false;
  return subscriptionState(subscription).kind === 'pending';
}

/** True from `at` (ms since the epoch) on, re-rendering when that moment comes (at once when it
 *  has passed already). */
function useReached(at: number): boolean {
  const [reachedFor, setReachedFor] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setReachedFor(at), Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at]);
  return reachedFor === at;
}

/**
 * Beside "Confirming your payment…" (the pending status: PAYMENT_CONFIRMING.label): nothing for the
 * first minute after `since`, then what to do, announced politely. The status itself updates live
 * where it is shown, and this goes with it (docs/decisions/0125-operations-and-cleanup.md).
 */
export function PaymentConfirmingNote({ since, className }: { since: number; className?: string }) {
  const late = useReached(since + PAYMENT_CONFIRMING.lateAfterMs);
  return (
    <div role="status" aria-live="polite" className={className}>
      {late && (
        <p>
          {PAYMENT_CONFIRMING.late} Questions? Write to <a href={`mailto:${externalLinks.supportEmail}`}>{externalLinks.supportEmail}</a>.
        </p>
      )}
    </div>
  );
}
