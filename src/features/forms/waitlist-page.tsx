import { PageIntro } from '@/ui/page-intro';
import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { JoinListForm } from './join-list-form';
import styles from './forms.module.scss';

/** /waitlist and /open-access-program. */
export default function WaitlistPage() {
  return (
    <>
      <PageIntro title="Open-access research program" summary={PAGE_SUMMARIES.waitlist} />
      <div className="container">
        <section aria-labelledby="waitlist-heading" className={`${styles.panel} ${styles.narrow}`}>
          <h2 id="waitlist-heading">Join the waitlist</h2>
          <p>Leave your name and email; we write to you with the next steps as places open.</p>
          <JoinListForm kind="waitlist" label="Waitlist" submitLabel="Get Started" />
        </section>
      </div>
    </>
  );
}
