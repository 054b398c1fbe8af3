import type { Step } from '../content/types';
import styles from './step-list.module.scss';

interface StepListProps {
  steps: readonly (Step & { details?: readonly string[] })[];
  /** Columns on wide screens; by default as many as fit. */
  columns?: 2 | 3 | 4;
}

/** Numbered steps; a step's details, when given, follow its summary. */
export function StepList({ steps, columns }: StepListProps) {
  return (
    <ol className={`${styles.steps} ${columns ? styles[`columns${columns}`] : ''}`}>
      {steps.map((step) => (
        <li key={step.title} className={styles.step}>
          <h3 className={styles.title}>{step.title}</h3>
          <p>{step.summary}</p>
          {step.details && (
            <ul className={styles.details}>
              {step.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
