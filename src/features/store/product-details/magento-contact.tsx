import { externalLinks } from '@/config/external-links';
import { ExternalButtonLink } from '@/ui/button';
import styles from './product-details.module.scss';

/** magento has no online checkout (decision 2): a phone call instead. */
export function MagentoContact() {
  return (
    <section className={styles.choices} aria-labelledby="magento-contact-heading">
      <h2 id="magento-contact-heading" className={styles.sideHeading}>
        Talk to a specialist
      </h2>
      <p>There is nothing to configure online: call us and we will size a team of specialists to your store.</p>
      <ExternalButtonLink href={`tel:${externalLinks.phone}`} className={styles.submit}>
        Contact{' '}<span className="visually-hidden">us by phone</span>
      </ExternalButtonLink>
      <p className={styles.phone}>{externalLinks.phone}</p>
    </section>
  );
}
