import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GUEST_PORTAL_MESSAGES, isManageToken } from '@/catalog/plan-changes';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths, signInPath } from '@/config/paths';
import { Button, ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { Spinner } from '@/ui/spinner';
import { MANAGE_PLAN_TEXTS, MANAGE_TOKEN_PARAM } from './manage-plan-texts';
import { openGuestPortal, type Outcome } from './plan-changes-api';
import styles from './manage-plan-page.module.scss';

/** One request per token and page load: a link works once, so a second effect run (React's
 *  StrictMode, a re-render) must not spend it again. */
const asked = new Map<string, Promise<Outcome<string>>>();

function openOnce(token: string): Promise<Outcome<string>> {
  let answer = asked.get(token);
  if (!answer) {
    answer = openGuestPortal(token).catch((error: unknown) => ({
      ok: false as const,
      status: null,
      message: error instanceof Error ? error.message : String(error),
    }));
    asked.set(token, answer);
  }
  return answer;
}

type View = { kind: 'opening' } | { kind: 'leaving' } | { kind: 'refused'; title: string; message: string; retry: boolean };

function refusal(outcome: Extract<Outcome<string>, { ok: false }>): View {
  switch (outcome.status) {
    case 400:
      return { kind: 'refused', title: MANAGE_PLAN_TEXTS.brokenTitle, message: outcome.message, retry: false };
    case 404:
      return { kind: 'refused', title: MANAGE_PLAN_TEXTS.unknownTitle, message: outcome.message, retry: false };
    case 410:
      return { kind: 'refused', title: MANAGE_PLAN_TEXTS.spentTitle, message: outcome.message, retry: false };
    default:
      // Unreachable, the provider down, too many tries: nothing was spent, so trying again is right.
      return { kind: 'refused', title: MANAGE_PLAN_TEXTS.failedTitle, message: outcome.message, retry: outcome.status !== 429 };
  }
}

/**
 * /manage-plan?token=…, where a guest's mailed Manage your plan link leads: guestPortal exchanges
 * the token, once, for a billing portal session of that order's customer, and the page sends the
 * buyer there (docs/decisions/0117-guest-manage-links.md). A broken, unknown, expired or used link
 * gets a page that says so and what to do. Kept out of search engines.
 */
export default function ManagePlanPage() {
  const [params] = useSearchParams();
  const token = params.get(MANAGE_TOKEN_PARAM);
  const valid = isManageToken(token);
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; view: View } | null>(null);
  const key = `${attempt} ${token ?? ''}`;

  useEffect(() => {
    if (!valid) return;
    let left = false;
    void openOnce(token).then((outcome) => {
      if (left) return;
      if (outcome.ok) {
        setAnswer({ key, view: { kind: 'leaving' } });
        window.location.assign(outcome.value);
      } else setAnswer({ key, view: refusal(outcome) });
    });
    return () => {
      left = true;
    };
  }, [valid, token, key]);

  const view: View = !valid
    ? { kind: 'refused', title: MANAGE_PLAN_TEXTS.brokenTitle, message: GUEST_PORTAL_MESSAGES.malformed, retry: false }
    : answer?.key === key
      ? answer.view
      : { kind: 'opening' };

  const retry = () => {
    if (token) asked.delete(token);
    setAttempt((count) => count + 1);
  };

  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <PageIntro title={view.kind === 'refused' ? view.title : PAGE_TITLES.managePlan}>
        {view.kind === 'refused' ? (
          <div className={styles.refused}>
            <p role="alert">{view.message}</p>
            <p>{MANAGE_PLAN_TEXTS.next}</p>
            <div className={styles.actions}>
              {view.retry && <Button onClick={retry}>Try again</Button>}
              <ButtonLink to={signInPath(paths.orderHistory)} variant={view.retry ? 'secondary' : 'primary'}>
                Sign in
              </ButtonLink>
              <ButtonLink to={paths.support} variant="secondary">
                Contact support
              </ButtonLink>
            </div>
          </div>
        ) : (
          <div className={styles.loading}>
            <Spinner label={view.kind === 'leaving' ? MANAGE_PLAN_TEXTS.leaving : MANAGE_PLAN_TEXTS.opening} />
            {/* The spinner tells screen readers; this line tells everyone else. */}
            <p aria-hidden="true">{view.kind === 'leaving' ? MANAGE_PLAN_TEXTS.leaving : MANAGE_PLAN_TEXTS.opening}</p>
          </div>
        )}
      </PageIntro>
    </>
  );
}
