import { useId, type ReactNode } from 'react';
import type { Stat } from '../content/claims';
import styles from './stats-band.module.scss';

interface StatsBandProps {
  title: string;
  intro?: ReactNode;
  stats: readonly Stat[];
  /** Small print under the figures. */
  footnote?: ReactNode;
}

/** A full-width brand band of big figures in one row, divided by rules, not cards. */
export function StatsBand({ title, intro, stats, footnote }: StatsBandProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.band} data-layout="stats-band">
      <div className={`container ${styles.inner}`}>
        <div className={styles.head}>
          <h2 id={headingId}>{title}</h2>
          {intro && <p className={styles.intro}>{intro}</p>}
        </div>
        <ul className={styles.figures}>
          {stats.map((stat) => (
            <li key={stat.label} className={styles.figure}>
              <strong className={styles.value}>{stat.value}</strong> {stat.label}
            </li>
          ))}
        </ul>
        {footnote && <p className={styles.footnote}>{footnote}</p>}
      </div>
    </section>
  );
}
