import type { ReactNode } from 'react';
import type { CaseStudyImage } from './case-studies';
import styles from './case-studies-page.module.scss';

interface CaseStudyCardProps {
  name: string;
  industry: string;
  summary: string;
  cover: CaseStudyImage;
  /** Cards further down the page wait until they are scrolled near. */
  lazy: boolean;
  /** The card's link: to the study's page, or off-site. */
  action: ReactNode;
}

/** One card on the case-studies index. The picture repeats the card's title, so it is
 *  decorative here (empty alt); the study's page describes it. */
export function CaseStudyCard({ name, industry, summary, cover, lazy, action }: CaseStudyCardProps) {
  return (
    <li className={styles.card}>
      <img
        src={cover.src}
        alt=""
        width={cover.width}
        height={cover.height}
        loading={lazy ? 'lazy' : 'eager'}
        decoding="async"
        className={styles.cover}
      />
      <div className={styles.cardBody}>
        <p className={styles.industry}>{industry}</p>
        <h2 className={styles.name}>{name}</h2>
        <p className={styles.summary}>{summary}</p>
        <div className={styles.action}>{action}</div>
      </div>
    </li>
  );
}
