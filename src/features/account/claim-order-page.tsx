import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { CLAIM_TOKEN_PARAM, GUEST_ORDER_TEXTS, isClaimToken } from '@/catalog/checkout';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths, signInPath, signUpPath } from '@/config/paths';
import { claimGuestOrder, type GuestOrderClaimOutcome } from '@/firebase/guest-order-claim';
import { useAuth } from '@/session/auth-context';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { Spinner } from '@/ui/spinner';

export const CLAIM_LINK_BROKEN = 'This link is incomplete. Open it from the order email again, or copy the whole address.';

/**
 * /claim-order?token=…, where the claim link mailed after a guest's checkout leads: opened signed
 * in, it adds that order to the account, once (docs/decisions/0110-guest-orders-by-proof-of-purchase.md).
 * A visitor is asked to sign in or sign up, and comes back here. Kept out of search engines.
 */
export default function ClaimOrderPage() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const token = params.get(CLAIM_TOKEN_PARAM);
  const { user, ready } = useAuth();
  const [answer, setAnswer] = useState<{ key: string; outcome: GuestOrderClaimOutcome } | null>(null);
  const key = user && isClaimToken(token) ? `${user.uid} ${token}` : null;
  const outcome = answer && answer.key === key ? answer.outcome : null;

  useEffect(() => {
    if (!user || key === null || !isClaimToken(token)) return;
    let left = false;
    claimGuestOrder(user, { token })
      .catch((error: unknown): GuestOrderClaimOutcome => ({ ok: false, status: null, message: String(error) }))
      .then((result) => !left && setAnswer({ key, outcome: result }));
    return () => {
      left = true;
    };
  }, [user, key, token]);

  let body;
  if (!isClaimToken(token)) body = <p role="alert">{CLAIM_LINK_BROKEN}</p>;
  else if (!ready) body = <Spinner label="Checking your session…" />;
  else if (!user) {
    const here = pathname + search;
    body = (
      <>
        <p>{GUEST_ORDER_TEXTS.linkVisitor}</p>
        <ButtonLink to={signInPath(here)}>Sign in</ButtonLink>{' '}
        <ButtonLink to={signUpPath(here)} variant="secondary">
          Create your account
        </ButtonLink>
      </>
    );
  } else if (outcome === null) body = <Spinner label={GUEST_ORDER_TEXTS.adding} />;
  else if (!outcome.ok) body = <p role="alert">{outcome.message}</p>;
  else {
    body = (
      <>
        <p role="status">{outcome.linked ? GUEST_ORDER_TEXTS.added : GUEST_ORDER_TEXTS.alreadyYours}</p>
        <ButtonLink to={paths.orderHistory}>See my orders</ButtonLink>
      </>
    );
  }

  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <PageIntro title={PAGE_TITLES.claimOrder}>{body}</PageIntro>
    </>
  );
}
