import { useId, type ReactNode } from 'react';
import styles from './section.module.scss';

export type SectionTone = 'plain' | 'alt' | 'night';

interface SectionProps {
  title: string;
  /** A lead paragraph under the heading. */
  intro?: ReactNode;
  tone?: SectionTone;
  /** Names the band's layout (data-layout) so that a page can be checked for variety. */
  layout?: string;
  children?: ReactNode;
}

/** A titled band of a marketing page: a landmark region named by its h2. */
export function Section({ title, intro, tone = 'plain', layout, children }: SectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${styles.section} ${styles[tone]}`} data-layout={layout}>
      <div className="container">
        <h2 id={headingId}>{title}</h2>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** A row of calls to action that wraps on narrow screens. */
export function Actions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
