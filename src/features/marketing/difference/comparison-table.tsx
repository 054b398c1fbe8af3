import { BRAND } from '@/config/brand';
import { COMPARISON } from '../content/difference';
import styles from './comparison-table.module.scss';

/** The typical agency against us, one row per topic. */
export function ComparisonTable() {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>A typical agency compared with {BRAND.name}</caption>
      <thead>
        <tr>
          <th scope="col">Topic</th>
          <th scope="col">Typical agency</th>
          <th scope="col">{BRAND.name}</th>
        </tr>
      </thead>
      <tbody>
        {COMPARISON.map((row) => (
          <tr key={row.topic}>
            <th scope="row">{row.topic}</th>
            <td>{row.typicalAgency}</td>
            <td className={styles.us}>{row.us}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
