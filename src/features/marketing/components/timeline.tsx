import type { Step } from '../content/types';
import styles from './timeline.module.scss';

/** Numbered steps on one line: across the page on wide screens, down its left edge on phones. */
export function Timeline({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className={styles.timeline}>
      {steps.map((step, index) => (
        <li key={step.title} className={styles.step}>
          <span className={styles.marker} aria-hidden="true">
            {index + 1}
          </span>
          <h3 className={styles.title}>{step.title}</h3>
          <p className={styles.text}>{step.summary}</p>
        </li>
      ))}
    </ol>
  );
}
