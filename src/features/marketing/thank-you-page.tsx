import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CHECKOUT_SESSION_PARAM } from '@/catalog/checkout';
import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths, signInPath, signUpPath } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { sessionVisibility } from '@/ui/session-visibility';
import { TypingText } from '@/ui/typing-text';
import { useHydrated } from '@/ui/use-hydrated';
import { Actions, Section } from './components/section';
import { StepList } from './components/step-list';
import type { Step } from './content/types';
import { MARKETING_SERVICES } from './services';
import styles from './thank-you-page.module.scss';

const NEXT_STEPS: readonly Step[] = [
  {
    title: 'We review your profile',
    summary: `A ${BRAND.name} representative reads what you told us and matches you with an engineer who has built something like it before.`,
  },
  {
    title: 'We get in touch',
    summary: 'Within one business day we call or email you to agree the scope, the timeline and a first milestone.',
  },
  {
    title: 'You follow it from your dashboard',
    summary: 'Orders, plans and payments live in your dashboard, so you can see where things stand at any time.',
  },
];

const SERVICE_NAMES = MARKETING_SERVICES.map((service) => service.name);

/** The thank-you page. `checkoutSummary` is what a visitor bought, when they come back from the
 *  store's checkout; the store owns it, so the route table passes it in (src/app/pages). */
export default function ThankYouPage({ checkoutSummary }: { checkoutSummary?: ReactNode }) {
  // After a checkout (a query: the session id), signing up or in comes back here: that session is
  // what adds a visitor's order to the account (docs/decisions/0110-guest-orders-by-proof-of-purchase.md).
  // The pre-rendered page has no query, so the links get it once hydrated.
  const { pathname, search } = useLocation();
  const back = useHydrated() && search ? pathname + search : undefined;
  // After a checkout the summary below says how to keep the order in an account, with these two
  // buttons: a visitor sees them once, there.
  const summaryOffersAccount = back !== undefined && new URLSearchParams(search).has(CHECKOUT_SESSION_PARAM);
  return (
    <>
      <PageIntro title={PAGE_TITLES.thankYou} summary={PAGE_SUMMARIES.thankYou}>
        <Actions>
          <ButtonLink to={paths.dashboard} className={sessionVisibility.memberOnly}>
            My Dashboard
          </ButtonLink>
          {/* A visitor has no dashboard yet: the way there is an account (or signing in to one). */}
          {!summaryOffersAccount && (
            <>
              <ButtonLink to={signUpPath(back)} className={sessionVisibility.visitorOnly}>
                Create your account
              </ButtonLink>
              <ButtonLink to={signInPath(back ?? paths.dashboard)} variant="secondary" className={sessionVisibility.visitorOnly}>
                Sign in
              </ButtonLink>
            </>
          )}
        </Actions>
      </PageIntro>

      {checkoutSummary}

      <Section title="What happens next">
        <StepList steps={NEXT_STEPS} columns={3} />
      </Section>

      <Section title="What we build" tone="alt">
        <p className={styles.typing}>
          Our teams ship <TypingText strings={SERVICE_NAMES} />
        </p>
        <p>
          A question before we call? Write to <a href={`mailto:${externalLinks.supportEmail}`}>{externalLinks.supportEmail}</a> or use our{' '}
          <Link to={paths.contact}>contact page</Link>.
        </p>
      </Section>
    </>
  );
}
