import { useSearchParams } from 'react-router-dom';
import { PageIntro } from '@/ui/page-intro';
import { useHydrated } from '@/ui/use-hydrated';
import { DEFAULT_WAITLIST_PROGRAMME, waitlistProgrammeOf } from '@/config/waitlist-programmes';
import { JoinListForm } from './join-list-form';
import { WAITLIST_TEXTS } from './messages';
import styles from './forms.module.scss';

/** /waitlist and /open-access-program: the open-access research program's waitlist, or the
 *  enterprise builder's with ?programme=builder (anything else is the open-access one). */
export default function WaitlistPage() {
  const [params] = useSearchParams();
  // What is stored follows the address as it is; what is shown is the pre-rendered page (the path
  // without a query) until hydrated, so hydration matches, then the builder's at once.
  const programme = waitlistProgrammeOf(params);
  const shown = useHydrated() ? programme : DEFAULT_WAITLIST_PROGRAMME;
  const text = WAITLIST_TEXTS[shown];
  return (
    <>
      <PageIntro title={text.title} summary={text.summary} />
      <div className="container">
        <section aria-labelledby="waitlist-heading" className={`${styles.panel} ${styles.narrow}`}>
          <h2 id="waitlist-heading">{text.heading}</h2>
          <p>{text.intro}</p>
          <JoinListForm kind="waitlist" label={text.form} submitLabel="Get Started" programme={programme} />
        </section>
      </div>
    </>
  );
}
