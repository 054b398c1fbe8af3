import { BRAND } from '@/config/brand';
import { externalLinks } from '@/config/external-links';
import styles from './forms.module.scss';

/** "@leopard.space" from "https://www.instagram.com/leopard.space/". */
const handle = (url: string) => `@${new URL(url).pathname.split('/').filter(Boolean).at(-1)}`;

const SOCIALS = [
  { network: 'Instagram', name: `${BRAND.name} Software`, url: externalLinks.instagram },
  { network: 'Instagram', name: `${BRAND.name} Space`, url: externalLinks.instagramSpace },
  { network: 'LinkedIn', name: BRAND.company, url: externalLinks.linkedIn },
];

const DETAILS = [
  { term: 'Phone', value: <a href={`tel:${externalLinks.phone}`}>{externalLinks.phone}</a> },
  { term: 'Support', value: <a href={`mailto:${externalLinks.supportEmail}`}>{externalLinks.supportEmail}</a> },
  { term: 'Location', value: `${BRAND.city}, California` },
];

/** Phone, support mail, location and social handles, beside the inquiry form. */
export function ContactDetails() {
  return (
    <aside aria-labelledby="contact-details-heading" className={styles.details}>
      <h2 id="contact-details-heading">Reach us directly</h2>
      <dl className={styles.detailList}>
        {DETAILS.map(({ term, value }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>Social</h3>
      <ul className={styles.socials}>
        {SOCIALS.map((social) => (
          <li key={social.url}>
            <a href={social.url} target="_blank" rel="noopener noreferrer">
              {handle(social.url)}
              <span className="visually-hidden">
                {' '}
                ({social.name} on {social.network}, opens in a new tab)
              </span>
            </a>{' '}
            <span className={styles.network} aria-hidden="true">
              {social.network}
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
