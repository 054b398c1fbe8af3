import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import styles from './sign-up-bar.module.scss';

/** The sign-up page's header bar, 55 px high (docs/product.md#sign-up-page). It stands in for the site
 *  header there (docs/decisions/0097-sign-up-bar.md): a way home, and the way to sign in instead. */
export function SignUpBar() {
  return (
    <header className={styles.bar}>
      <nav aria-label="Sign-up" className={styles.inner}>
        <Link to={paths.home} className={styles.link}>
          <ArrowLeft aria-hidden="true" focusable="false" size={18} />
          Back to home
        </Link>
        <Link to={paths.signIn} className={styles.link}>
          Sign in instead
        </Link>
      </nav>
    </header>
  );
}
