import type { ReactNode } from 'react';
import styles from './card-grid.module.scss';

export interface Card {
  title: string;
  text: ReactNode;
  /** A link or button at the foot of the card. */
  action?: ReactNode;
  /** Decoration above the title (an icon or badge). */
  media?: ReactNode;
}

interface CardGridProps {
  cards: readonly Card[];
  /** Columns on wide screens; by default as many as fit. */
  columns?: 2 | 3 | 4;
}

/** Cards with an h3 each; one column on phones. */
export function CardGrid({ cards, columns }: CardGridProps) {
  return (
    <ul className={`${styles.grid} ${columns ? styles[`columns${columns}`] : ''}`}>
      {cards.map((card) => (
        <li key={card.title} className={styles.card}>
          {card.media}
          <h3 className={styles.title}>{card.title}</h3>
          <p className={styles.text}>{card.text}</p>
          {card.action && <div className={styles.action}>{card.action}</div>}
        </li>
      ))}
    </ul>
  );
}
