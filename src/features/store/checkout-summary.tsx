import { useContext, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { CHECKOUT_SESSION_PARAM, GUEST_ORDER_TEXTS, isCheckoutSessionId, type CheckoutCharged } from '@/catalog/checkout';
import { formatUsd } from '@/catalog/money';
import { PLAN_NAMES } from '@/catalog/plans';
import { SERVICE_LABELS } from '@/catalog/services';
import {
  PAYMENT_CONFIRMING,
  paymentsLabel,
  periodSuffix,
  subscriptionState,
  subscriptionStatusLabel,
  TERM_MONTHS,
} from '@/catalog/subscription';
import { paths, signInPath, signUpPath } from '@/config/paths';
import { addOnsText } from '@/data/order-display';
import type { GuestOrderClaimOutcome } from '@/firebase/guest-order-claim';
import { AuthConnectContext, useAuthState, useSessionHint } from '@/session/auth-context';
import { ButtonLink } from '@/ui/button';
import { PaymentConfirmingNote } from '@/ui/payment-confirming';
import { Spinner } from '@/ui/spinner';
import { useHydrated } from '@/ui/use-hydrated';
import { fetchCheckoutSummary, type CheckoutSummary as Summary, type SummaryAnswer } from './checkout-summary-api';
import styles from './checkout-summary.module.scss';

type State = { status: 'loading' } | { status: 'ready'; summary: Summary } | { status: 'unavailable'; message: string | null };

const UNAVAILABLE = 'We could not load the details of your order. If you paid, Stripe emails you a receipt.';

/** How often the page asks while the order waits for Stripe: in the first minute, and after. */
const POLL_EARLY_MS = 2_000;
const POLL_LATE_MS = 10_000;
/** A tab left open on an order that never settles (an abandoned checkout) stops asking after this;
 *  by then the page has said what to do. */
const POLL_FOR_MS = 15 * 60_000;

function isAwaitingWebhook(summary: Summary): boolean {
  return subscriptionState({ subscriptionStatus: summary.subscriptionStatus ?? undefined }).kind === 'pending';
}

/**
 * After a checkout (the thank-you page with ?session_id=cs_…): what was bought and, since the
 * session is the buyer's proof of purchase, the order added to the account of a signed-in person
 * (docs/decisions/0110-guest-orders-by-proof-of-purchase.md). A visitor is told how to get it into
 * an account: sign up or sign in from here (they come back to this page), or the mailed link.
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

  // Stripe sends the buyer here before its webhook has settled the order: while the order says
  // "Confirming your payment…" it is asked again, often in the first minute and then less often, so
  // the page updates by itself (docs/decisions/0125-operations-and-cleanup.md).
  // The return is told to the server once, so the order reads "Confirming your payment…", not "Not
  // paid yet", wherever it is shown before the webhook lands (src/catalog/unpaid-checkouts.ts).
  useEffect(() => {
    if (!isCheckoutSessionId(sessionId)) return;
    void import('@/firebase/unpaid-checkout').then(({ recordCheckoutReturn }) => recordCheckoutReturn(sessionId)).catch(() => undefined);
  }, [sessionId]);

  useEffect(() => {
    if (!isCheckoutSessionId(sessionId)) return;
    let left = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = false;
    const started = Date.now();
    const load = () => {
      void fetchCheckoutSummary(sessionId)
        .catch((): SummaryAnswer => ({ ok: false, message: null }))
        .then((answer) => {
          if (left) return;
          // A failed look-up while waiting keeps what the page shows and tries again.
          if (answer.ok || !shown) {
            shown = answer.ok;
            setLoaded({
              sessionId,
              state: answer.ok ? { status: 'ready', summary: answer.summary } : { status: 'unavailable', message: answer.message },
            });
          }
          if (shown && (!answer.ok || isAwaitingWebhook(answer.summary)) && Date.now() - started < POLL_FOR_MS) {
            const early = Date.now() - started < PAYMENT_CONFIRMING.lateAfterMs;
            timer = setTimeout(load, early ? POLL_EARLY_MS : POLL_LATE_MS);
          }
        });
    };
    load();
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, [sessionId]);

  if (!hydrated || !isCheckoutSessionId(sessionId)) return null;
  return (
    <section className={styles.summary} aria-labelledby="checkout-summary-title" aria-busy={state.status === 'loading'}>
      <h2 id="checkout-summary-title">Your order</h2>
      {state.status === 'loading' && <Spinner label="Loading your order…" />}
      {state.status === 'unavailable' && <p role="alert">{state.message ?? UNAVAILABLE}</p>}
      {state.status === 'ready' && (
        <>
          <SummaryDetails summary={state.summary} />
          <OrderAccount sessionId={sessionId} />
        </>
      )}
    </section>
  );
}

/** What Stripe charged today, line by line, as its completed session says (kept by the webhook):
 *  the plan with its add-ons, the promotion code's discount, the tax, the total. */
function ChargedFigures({ charged }: { charged: CheckoutCharged }) {
  return (
    <dl className={styles.figures}>
      <div>
        <dt>Plan and add-ons</dt>
        <dd>{formatUsd(charged.subtotal)}</dd>
      </div>
      {charged.discount > 0 && (
        <div>
          <dt>{charged.promotionCode ? `Promotion code ${charged.promotionCode}` : 'Discount'}</dt>
          <dd>−{formatUsd(charged.discount)}</dd>
        </div>
      )}
      <div>
        <dt>Tax</dt>
        <dd>{formatUsd(charged.tax)}</dd>
      </div>
      <div className={styles.total}>
        <dt>Charged today</dt>
        <dd>{formatUsd(charged.total)}</dd>
      </div>
    </dl>
  );
}

function SummaryDetails({ summary }: { summary: Summary }) {
  const { service, plan, period, amountPerPeriod, termPayments, paymentsMade, subscriptionStatus, charged } = summary;
  // The buyer arrived from Stripe when this first showed: the minute counts from then.
  const [arrived] = useState(() => Date.now());
  const status = subscriptionStatusLabel(
    subscriptionState({ subscriptionStatus: subscriptionStatus ?? undefined, paymentsMade, termPayments }),
  );
  return (
    <>
      <p className={styles.plan}>
        {PLAN_NAMES[plan]} plan for {SERVICE_LABELS[service]}
      </p>
      <p>Add-ons: {addOnsText(summary.addOns)}</p>
      {charged && <ChargedFigures charged={charged} />}
      <p>
        {charged ? 'Then ' : ''}
        {formatUsd(amountPerPeriod)} {periodSuffix(period)}
        {charged && charged.tax > 0 ? ' plus tax' : ''}, billed {period} for {TERM_MONTHS} months
      </p>
      <p>Status: {status}</p>
      {isAwaitingWebhook(summary) && <PaymentConfirmingNote since={arrived} />}
      <p>{paymentsLabel({ termPayments, paymentsMade })}</p>
      {summary.orderReference && (
        <p>
          Order reference: <span className={styles.reference}>{summary.orderReference}</span>
        </p>
      )}
    </>
  );
}

/** 'adding' until the function has answered. */
type Claim = 'adding' | GuestOrderClaimOutcome;

/** Where this order goes: into the signed-in person's account (claimed with the session as soon as
 *  Auth says who they are), or the way there for a visitor. Auth is loaded only when the session
 *  hint says someone is signed in, so a visitor's page loads no Firebase code. */
function OrderAccount({ sessionId }: { sessionId: string }) {
  const hinted = useSessionHint();
  const connect = useContext(AuthConnectContext);
  const { user, ready } = useAuthState();
  const { pathname, search } = useLocation();
  const [claimed, setClaimed] = useState<{ key: string; claim: Claim } | null>(null);
  const key = user ? `${user.uid} ${sessionId}` : null;
  const claim: Claim | null = claimed && claimed.key === key ? claimed.claim : key ? 'adding' : null;

  useEffect(() => {
    if (hinted) connect();
  }, [hinted, connect]);

  useEffect(() => {
    if (!user || key === null) return;
    let left = false;
    import('@/firebase/guest-order-claim')
      .then(({ claimGuestOrder }) => claimGuestOrder(user, { sessionId }))
      .catch((error: unknown): GuestOrderClaimOutcome => ({ ok: false, status: null, message: String(error) }))
      .then((outcome) => !left && setClaimed({ key, claim: outcome }));
    return () => {
      left = true;
    };
  }, [user, key, sessionId]);

  if (hinted && !ready) return <Spinner label={GUEST_ORDER_TEXTS.adding} />;
  if (claim === null) {
    const here = pathname + search;
    return (
      <>
        <p>{GUEST_ORDER_TEXTS.visitorHow}</p>
        <div className={styles.actions}>
          <ButtonLink to={signUpPath(here)}>Create your account</ButtonLink>
          <ButtonLink to={signInPath(here)} variant="secondary">
            Sign in
          </ButtonLink>
        </div>
      </>
    );
  }
  if (claim === 'adding') return <Spinner label={GUEST_ORDER_TEXTS.adding} />;
  if (!claim.ok) return <p role="alert">{claim.message}</p>;
  return (
    <>
      <p role="status">{claim.linked ? GUEST_ORDER_TEXTS.added : GUEST_ORDER_TEXTS.alreadyYours}</p>
      <ButtonLink to={paths.orderHistory}>See my orders</ButtonLink>
    </>
  );
}
