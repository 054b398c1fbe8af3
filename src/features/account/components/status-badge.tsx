import type { OrderStatus } from '../order-display';
import styles from './status-badge.module.scss';

/** An order's status word, tinted by what it means; the word alone carries the meaning. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <strong className={`${styles.badge} ${styles[status.tone]}`}>{status.label}</strong>;
}
