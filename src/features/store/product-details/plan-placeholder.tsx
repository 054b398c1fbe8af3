import { Spinner } from '@/ui/spinner';
import { PlanPicture } from './plan-picture';
import placeholder from './plan-placeholder.module.scss';
import styles from './product-details.module.scss';

/**
 * The pre-rendered /product-details, shown until the app has read the plan from the address
 * (Hosting serves one page whatever the query): the plan page's own frame, with the plan's picture
 * where the page will show it (PlanPicture). index.html's inline script names that picture before the first
 * paint (PLAN_PICTURE_PROPERTY in ../plan-media.ts), so the page's largest element paints with the
 * HTML instead of after the app's code, and nothing moves when the page arrives.
 */
const LOADING = 'Loading the plan…';

export function PlanPlaceholder() {
  return (
    <div className={placeholder.screen}>
      <div className={styles.page}>
        <header className={styles.intro}>
          <div className="container">
            <h1 className={styles.title}>
              {LOADING}
              {/* The plan's title has a second line, "for <service>": the same height, so nothing below moves. */}
              <span className={styles.titleService} aria-hidden="true">
                &nbsp;
              </span>
            </h1>
          </div>
        </header>
        <div className={styles.layout}>
          <section className={styles.overview}>
            <PlanPicture />
            <Spinner label={LOADING} />
          </section>
        </div>
      </div>
    </div>
  );
}
