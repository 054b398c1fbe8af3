import type { Ref } from 'react';
import { SERVICE_IDS, SERVICE_LABELS } from '@/catalog/services';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/ui/button';
import { SERVICE_BLURBS } from '../service-blurbs';
import styles from '../store.module.scss';

interface CategoryListProps {
  /** A service named in the address that the store does not offer, if any. */
  unknownService: string | null;
  headingRef: Ref<HTMLHeadingElement>;
}

export function storeServicePath(service: string): string {
  return `${paths.store}?${new URLSearchParams({ service }).toString()}`;
}

/** The nine services, each leading to its plans. */
export function CategoryList({ unknownService, headingRef }: CategoryListProps) {
  return (
    <section className={styles.view} aria-labelledby="store-view-heading">
      <h2 id="store-view-heading" ref={headingRef} tabIndex={-1} className={styles.viewHeading}>
        Choose a service
      </h2>
      {unknownService !== null && (
        <p role="status" className={styles.note}>
          We do not offer a service called “{unknownService}”. Choose one of the services below.
        </p>
      )}
      <ul className={styles.grid}>
        {SERVICE_IDS.map((service) => (
          <li key={service} className={styles.card}>
            <h3 className={styles.cardTitle}>{SERVICE_LABELS[service]}</h3>
            <p className={styles.cardText}>{SERVICE_BLURBS[service]}</p>
            <ButtonLink to={storeServicePath(service)} className={styles.cardAction}>
              Purchase Now <span className="visually-hidden">{SERVICE_LABELS[service]}</span>
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
