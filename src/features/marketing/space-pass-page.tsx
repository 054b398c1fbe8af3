import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { PAGE_TITLES } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { Button, ButtonLink } from '@/ui/button';
import { PageIntro } from '@/ui/page-intro';
import { Spinner } from '@/ui/spinner';
import { lookUpPass, type PassLookup } from './space-pass-api';
import styles from './space-pass-page.module.scss';

export const PASS_NOT_FOUND = {
  title: 'We could not find this pass',
  text: 'The link may be incomplete: open it from the mail again, or copy the whole address. If it still does not work, write to us.',
} as const;

/** "November 26, 2026". */
const issuedText = (ms: number) => new Date(ms).toLocaleDateString('en-US', { dateStyle: 'long' });

/**
 * /space-pass/:code, the page a Space beta-tester pass mail links to: the person's name and the
 * code, read with the code alone (no account). Kept out of search engines; loads no Firebase SDK.
 */
export default function SpacePassPage() {
  const { code = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // The answer is kept with the request it answers: a new code or a retry shows the spinner again.
  const request = `${code}#${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; lookup: PassLookup } | null>(null);
  const lookup = answer?.request === request ? answer.lookup : null;

  useEffect(() => {
    let current = true;
    void lookUpPass(code).then((result) => current && setAnswer({ request, lookup: result }));
    return () => {
      current = false;
    };
  }, [code, request]);

  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      {lookup?.status === 'not-found' ? (
        <PageIntro title={PASS_NOT_FOUND.title} summary={PASS_NOT_FOUND.text}>
          <ButtonLink to={paths.contact}>Contact us</ButtonLink>
        </PageIntro>
      ) : (
        <PageIntro title={PAGE_TITLES.spacePass} eyebrow={`${BRAND.name} Space`}>
          {lookup === null && <Spinner label="Loading your pass…" />}
          {lookup?.status === 'failed' && (
            <div role="alert">
              <p>{lookup.message}</p>
              <Button onClick={retry}>Try again</Button>
            </div>
          )}
          {lookup?.status === 'found' && (
            <section className={styles.pass} aria-labelledby="space-pass-holder">
              <p className={styles.label}>Beta tester</p>
              <p id="space-pass-holder" className={styles.name}>
                {lookup.pass.name}
              </p>
              <p className={styles.label}>Pass code</p>
              <p className={styles.code}>{code}</p>
              <p className={styles.issued}>Issued {issuedText(lookup.pass.issuedAt)}</p>
            </section>
          )}
        </PageIntro>
      )}
    </>
  );
}
