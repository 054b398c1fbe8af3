import { externalLinks } from '@/config/external-links';
import { ExternalButtonLink } from '@/ui/button';
import checkoutStyles from './checkout-panel.module.scss';
import configurationStyles from './configuration.module.scss';
import styles from './magento-contact.module.scss';
import pageStyles from './product-details.module.scss';

/** magento has no online checkout (docs/decisions/0004-one-price-catalogue.md): a phone call instead.
 *  It takes the place of the configuration and checkout, so it wears their styles. */
export function MagentoContact() {
  return (
    <section className={configurationStyles.choices} aria-labelledby="magento-contact-heading">
      <h2 id="magento-contact-heading" className={pageStyles.sideHeading}>
        Talk to a specialist
      </h2>
      <p>There is nothing to configure online: call us and we will size a team of specialists to your store.</p>
      <ExternalButtonLink href={`tel:${externalLinks.phone}`} className={checkoutStyles.submit}>
        Contact <span className="visually-hidden">us by phone</span>
      </ExternalButtonLink>
      <p className={styles.phone}>{externalLinks.phone}</p>
    </section>
  );
}
