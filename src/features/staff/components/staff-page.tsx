import type { ReactNode } from 'react';
import styles from '../staff.module.scss';

/** A console page: its heading (the page's name, so the route announcer and the heading agree),
 *  a line of what it is for, and its content. */
export function StaffPage({ title, summary, children }: { title: string; summary: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.summary}>{summary}</p>
      </header>
      {children}
    </div>
  );
}
