import { Link } from 'react-router-dom';
import { BRAND } from '@/config/brand';
import { footerGroups } from '../navigation';
import styles from './site-footer.module.scss';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{BRAND.name}</p>
          <p>Custom software, apps and SaaS from {BRAND.city}, and Space, our satellite internet.</p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} aria-label={group.title} className={styles.group}>
            <h2 className={styles.groupTitle}>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className={styles.copyright}>
        © {new Date().getFullYear()} {BRAND.company}. All rights reserved.
      </p>
    </footer>
  );
}
