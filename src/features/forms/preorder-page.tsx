import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { PageIntro } from '@/ui/page-intro';
import { JoinListForm } from './join-list-form';
import styles from './forms.module.scss';

/** /preorder: the Space satellite-internet pre-order list. */
export default function PreorderPage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.preorder} summary={PAGE_SUMMARIES.preorder} />
      <div className="container">
        <section aria-labelledby="preorder-heading" className={`${styles.panel} ${styles.narrow}`}>
          <h2 id="preorder-heading">Reserve your place</h2>
          <p>Nothing to pay now: we email you when Space reaches your area, and a beta-tester pass once you are approved.</p>
          <JoinListForm kind="preorder" label="Space pre-order" submitLabel="Pre-order Space" />
        </section>
      </div>
    </>
  );
}
