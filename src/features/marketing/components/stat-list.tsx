import type { Stat } from '../content/claims';
import styles from './stat-list.module.scss';

/** Big figures with what they count: "240+ happy clients". */
export function StatList({ stats }: { stats: readonly Stat[] }) {
  return (
    <ul className={styles.stats}>
      {stats.map((stat) => (
        <li key={stat.label} className={styles.stat}>
          <strong className={styles.value}>{stat.value}</strong> {stat.label}
        </li>
      ))}
    </ul>
  );
}
