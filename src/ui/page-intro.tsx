import type { ReactNode } from 'react';
import styles from './page-intro.module.scss';

interface PageIntroProps {
  title: string;
  summary?: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
  /** Artwork beside the heading on wide screens (hidden on phones, where it would push the
   *  page's content a screen down). It must reserve its own size: inline SVG with a viewBox. */
  art?: ReactNode;
}

/** The heading block every page opens with. */
export function PageIntro({ title, summary, eyebrow, children, art }: PageIntroProps) {
  return (
    <header className={`${styles.intro} ${art ? styles.withArt : ''}`} data-layout={art ? 'split' : undefined}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1>{title}</h1>
          {summary && <p className={styles.summary}>{summary}</p>}
          {children}
        </div>
        {art && <div className={styles.art}>{art}</div>}
      </div>
    </header>
  );
}
