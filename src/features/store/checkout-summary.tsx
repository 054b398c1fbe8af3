import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatUsd } from '@/catalog/money';
import { PLAN_NAMES } from '@/catalog/plans';
import { SERVICE_LABELS } from '@/catalog/services';
import { paymentsLabel, periodSuffix, subscriptionState, subscriptionStatusLabel, TERM_MONTHS } from '@/catalog/subscription';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { useHydrated } from '@/ui/use-hydrated';
import { CHECKOUT_SESSION_PARAM, fetchCheckoutSummary, isCheckoutSessionId, type CheckoutSummary as Summary } from './checkout-summary-api';
import styles from './checkout-summary.module.scss';

type State = { status: 'loading' } | { status: 'ready'; summary: Summary } | { status: 'unavailable' };

/**
 * After a visitor's checkout (the thank-you page with ?session_id=cs_…): what was bought, and an
 * invitation to create an account with the same email, which then links the order to it.
 * Renders nothing without a session id, and nothing before hydration (the page is pre-rendered
 * without a query).
 */
export function CheckoutSummary() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const sessionId = params.get(CHECKOUT_SESSION_PARAM);
  // What was loaded, and for which session: another session id shows "loading" until its own answer.
  const [loaded, setLoaded] = useState<{ sessionId: string; state: State } | null>(null);
  const state: State = loaded && loaded.sessionId === sessionId ? loaded.state : { status: 'loading' };

  useEffect(() => {
    if (!isCheckoutSessionId(sessionId)) return;
    let left = false;
    fetchCheckoutSummary(sessionId)
      .catch(() => null)
      .then((summary) => !left && setLoaded({ sessionId, state: summary ? { status: 'ready', summary } : { status: 'unavailable' } }));
    return () => {
      left = true;
    };
  }, [sessionId]);

  if (!hydrated || !isCheckoutSessionId(sessionId)) return null;
  return (
    <section className={styles.summary} aria-labelledby="checkout-summary-title" aria-busy={state.status === 'loading'}>
      <h2 id="checkout-summary-title">Your order</h2>
      {state.status === 'loading' && <Spinner label="Loading your order…" />}
      {state.status === 'unavailable' && (
        <p role="alert">We could not load the details of your order. If you paid, Stripe emails you a receipt.</p>
      )}
      {state.status === 'ready' && <SummaryDetails summary={state.summary} />}
    </section>
  );
}

function SummaryDetails({ summary }: { summary: Summary }) {
  const { service, plan, period, amountPerPeriod, termPayments, paymentsMade, subscriptionStatus } = summary;
  const status = subscriptionStatusLabel(
    subscriptionState({ subscriptionStatus: subscriptionStatus ?? undefined, paymentsMade, termPayments }),
  );
  return (
    <>
      <p className={styles.plan}>
        {PLAN_NAMES[plan]} plan for {SERVICE_LABELS[service]}
      </p>
      <p>
        {formatUsd(amountPerPeriod)} {periodSuffix(period)}, billed {period} for {TERM_MONTHS} months
      </p>
      <p>Status: {status}</p>
      <p>{paymentsLabel({ termPayments, paymentsMade })}</p>
      <p>
        Create your account with the email you paid with, and this plan appears in your orders, where you can follow its payments and manage
        billing.
      </p>
      <ButtonLink to={paths.signUp}>Create your account</ButtonLink>
    </>
  );
}
