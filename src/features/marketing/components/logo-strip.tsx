import { PARTNERS } from '../content/partners';
import { Art } from './art';
import styles from './logo-strip.module.scss';

/** Our partner certifications as one strip of badges with a line each, not a grid of cards. */
export function PartnerStrip() {
  return (
    <ul className={styles.strip}>
      {PARTNERS.map((partner) => (
        <li key={partner.name} className={styles.item}>
          <Art src={partner.image} width={56} height={56} className={styles.badge} />
          <div>
            <h3 className={styles.name}>{partner.name}</h3>
            <p className={styles.text}>{partner.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
