import type { ReactNode } from 'react';
import styles from './page-intro.module.scss';

interface PageIntroProps {
  title: string;
  summary?: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
}

/** The heading block every page opens with. */
export function PageIntro({ title, summary, eyebrow, children }: PageIntroProps) {
  return (
    <header className={styles.intro}>
      <div className="container">
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1>{title}</h1>
        {summary && <p className={styles.summary}>{summary}</p>}
        {children}
      </div>
    </header>
  );
}
