import type { StatusTone } from '@/data/order-display';
import styles from './status-badge.module.scss';

/** A state in words, tinted by what it means (an order's status, an inquiry's state); the word
 *  alone carries the meaning, the tint only repeats it. */
export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }) {
  return <strong className={`${styles.badge} ${styles[tone]}`}>{label}</strong>;
}
