import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CheckoutSessionState } from '@/catalog/unpaid-checkouts';
import type { Order } from '@/data/orders';
import { CHECKOUT_SESSION_PARAM, isCheckoutSessionId } from '@/catalog/checkout';

type ReturnState = 'checking' | CheckoutSessionState | 'failed';

/**
 * The buyer's return from Stripe's success URL (`?session_id=cs_…`): told to unpaidCheckout, which
 * records it on the order once Stripe says the session is complete. Until that answer (and the
 * order's own record) arrives, the order bought with this session reads "Confirming your payment…"
 * rather than "Not paid yet"; a return Stripe does not confirm (still open) changes nothing
 * (src/catalog/unpaid-checkouts.ts).
 */
export function useCheckoutReturn(): (order: Order) => Order {
  const [params, setParams] = useSearchParams();
  // Taken once, then dropped from the address: a reload or a shared link is not a new return.
  const [sessionId] = useState(() => {
    const param = params.get(CHECKOUT_SESSION_PARAM);
    return isCheckoutSessionId(param) ? param : null;
  });
  const [arrived] = useState(() => Date.now());
  useEffect(() => {
    if (!params.has(CHECKOUT_SESSION_PARAM)) return;
    const rest = new URLSearchParams(params);
    rest.delete(CHECKOUT_SESSION_PARAM);
    setParams(rest, { replace: true });
  }, [params, setParams]);
  const [answered, setAnswered] = useState<{ sessionId: string; state: ReturnState } | null>(null);
  const state: ReturnState | null = sessionId === null ? null : answered?.sessionId === sessionId ? answered.state : 'checking';

  useEffect(() => {
    if (sessionId === null) return;
    let left = false;
    import('@/firebase/unpaid-checkout')
      .then(({ recordCheckoutReturn }) => recordCheckoutReturn(sessionId))
      .then((outcome) => !left && setAnswered({ sessionId, state: outcome.ok ? outcome.value : 'failed' }))
      .catch(() => !left && setAnswered({ sessionId, state: 'failed' }));
    return () => {
      left = true;
    };
  }, [sessionId]);

  return (order) =>
    (state === 'checking' || state === 'complete') && order.sessionId === sessionId && order.checkoutCompletedAt === null
      ? { ...order, checkoutCompletedAt: arrived }
      : order;
}
