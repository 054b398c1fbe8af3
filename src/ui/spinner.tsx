import styles from './spinner.module.scss';

interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  /** Fill the page's content area instead of sitting inline. */
  block?: boolean;
}

export function Spinner({ label = 'Loading…', block = false }: SpinnerProps) {
  return (
    <div className={block ? styles.block : styles.inline} role="status" aria-live="polite">
      <span className={styles.ring} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
