import { BrainCircuit, CodeXml, Layers, Link2, Rocket, Smartphone, type LucideIcon } from 'lucide-react';
import type { MarketingService } from '../services';
import styles from './service-list.module.scss';

/** One icon per practice, drawn like our illustrations: amber line art on a night tile with the
 *  brand-blue depth slab. */
const ICONS: Record<string, LucideIcon> = {
  'product-engineering': Rocket,
  mobile: Smartphone,
  web: CodeXml,
  'custom-software': Layers,
  blockchain: Link2,
  'artificial-intelligence': BrainCircuit,
};

/** The practices as a two-column list with icons: no card boxes, rules between rows. */
export function ServiceList({ services }: { services: readonly MarketingService[] }) {
  return (
    <ul className={styles.list}>
      {services.map((service) => {
        const Icon = ICONS[service.id] ?? Rocket;
        return (
          <li key={service.id} className={styles.item}>
            <span className={styles.icon}>
              <Icon aria-hidden="true" size={24} strokeWidth={2} />
            </span>
            <div>
              <h3 className={styles.title}>{service.name}</h3>
              <p className={styles.text}>{service.summary}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
