import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PageIntro } from '@/ui/page-intro';
import { SignUpForm } from './sign-up-form';
import { SignedOutOnly } from './signed-out-only';
import styles from './auth-form.module.scss';
import { PAGE_SUMMARIES } from '@/config/page-summaries';

export default function SignUpPage() {
  return (
    <>
      {/* Spec section 2: the sign-up page's header bar, 55 px high. */}
      <nav aria-label="Sign-up" className={styles.signUpBar}>
        <div className="container">
          <Link to={paths.home}>
            <span aria-hidden="true">← </span>Back to home
          </Link>
          <Link to={paths.signIn}>Sign in instead</Link>
        </div>
      </nav>
      <PageIntro title="Create your account" summary={PAGE_SUMMARIES.signUp} />
      <div className={`container ${styles.page}`}>
        <SignedOutOnly>
          <SignUpForm />
        </SignedOutOnly>
      </div>
    </>
  );
}
