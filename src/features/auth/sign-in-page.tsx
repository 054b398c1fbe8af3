import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { PageIntro } from '@/ui/page-intro';
import { SignInForm } from './sign-in-form';
import { SignedOutOnly } from './signed-out-only';
import styles from './auth-form.module.scss';

export default function SignInPage() {
  return (
    <>
      <PageIntro title={PAGE_TITLES.signIn} summary={PAGE_SUMMARIES.signIn} />
      <div className={`container ${styles.page}`}>
        <SignedOutOnly>
          <SignInForm />
        </SignedOutOnly>
      </div>
    </>
  );
}
