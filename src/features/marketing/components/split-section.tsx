import { useId, type ReactNode } from 'react';
import styles from './split-section.module.scss';

export type SplitTone = 'plain' | 'alt';

interface SplitSectionProps {
  title: string;
  intro?: ReactNode;
  /** Under the heading, in the heading's column (artwork, bars, a call to action). */
  lead?: ReactNode;
  /** The other column. */
  children: ReactNode;
  /** Which column is wider on wide screens. */
  wide?: 'lead' | 'body';
  tone?: SplitTone;
  /** Names the band's layout (data-layout). */
  layout: string;
}

/** Two columns on wide screens: the heading with its lead on one side, the body on the other;
 *  one column on phones. The heading's column stays in view while a long body scrolls by. */
export function SplitSection({ title, intro, lead, children, wide = 'body', tone = 'plain', layout }: SplitSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${styles.split} ${styles[tone]}`} data-layout={layout}>
      <div className={`container ${styles.grid} ${wide === 'lead' ? styles.leadWide : ''}`}>
        <div className={styles.lead}>
          <h2 id={headingId}>{title}</h2>
          {intro && <p className={styles.intro}>{intro}</p>}
          {lead}
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </section>
  );
}
