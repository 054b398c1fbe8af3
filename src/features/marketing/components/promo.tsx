import { useId, type ReactNode } from 'react';
import { Art } from './art';
import styles from './promo.module.scss';

interface PromoProps {
  title: string;
  eyebrow?: string;
  art: { src: string; width: number; height: number; eager?: boolean };
  /** Put the artwork on the left on wide screens. */
  artFirst?: boolean;
  night?: boolean;
  children: ReactNode;
}

/** A two-column banner: copy and calls to action beside a piece of artwork. */
export function Promo({ title, eyebrow, art, artFirst = false, night = false, children }: PromoProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${styles.promo} ${night ? styles.night : ''}`} data-layout="media-row">
      <div className={`container ${styles.grid} ${artFirst ? styles.artFirst : ''}`}>
        <div className={styles.copy}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h2 id={headingId}>{title}</h2>
          {children}
        </div>
        <Art {...art} className={styles.art} />
      </div>
    </section>
  );
}
