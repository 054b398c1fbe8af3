import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { PageIntro } from '@/ui/page-intro';
import { Spinner } from '@/ui/spinner';
import { unsubscribe, UNSUBSCRIBE_TEXTS, type UnsubscribeOutcome } from './unsubscribe-api';

/** The function judges the token; only an empty or absurd one is not worth sending. */
const TOKEN_SHAPE = /^\S{8,4096}$/;

/**
 * /unsubscribe?token=…, where a marketing mail's unsubscribe link leads: opening it turns the choice
 * off at once, without signing in, and says what was turned off or why not
 * (docs/decisions/0121-consent-and-unsubscribe.md). Kept out of search engines.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = TOKEN_SHAPE.test(token);
  const [answer, setAnswer] = useState<{ token: string; outcome: UnsubscribeOutcome } | null>(null);
  const outcome = answer?.token === token ? answer.outcome : null;

  useEffect(() => {
    if (!wellFormed) return;
    let left = false;
    unsubscribe(token)
      .catch((error: unknown): UnsubscribeOutcome => ({ ok: false, message: String(error) }))
      .then((result) => !left && setAnswer({ token, outcome: result }));
    return () => {
      left = true;
    };
  }, [token, wellFormed]);

  let body;
  if (!wellFormed) body = <p role="alert">{UNSUBSCRIBE_TEXTS.missingToken}</p>;
  else if (outcome === null) body = <Spinner label={UNSUBSCRIBE_TEXTS.working} />;
  else if (!outcome.ok) body = <p role="alert">{outcome.message}</p>;
  else body = <p role="status">{UNSUBSCRIBE_TEXTS.done(outcome.email, outcome.choice)}</p>;

  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <PageIntro title={PAGE_TITLES.unsubscribe}>
        {body}
        {(outcome !== null || !wellFormed) && (
          <p>
            You can turn each choice on or off at any time in <Link to={paths.profileSettings}>Profile settings</Link>.
          </p>
        )}
      </PageIntro>
    </>
  );
}
