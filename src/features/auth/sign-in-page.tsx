import { PageIntro } from '@/ui/page-intro';
import { SignInForm } from './sign-in-form';
import { SignedOutOnly } from './signed-out-only';
import styles from './auth-form.module.scss';
import { PAGE_SUMMARIES } from '@/config/page-summaries';

export default function SignInPage() {
  return (
    <>
      <PageIntro title="Sign in" summary={PAGE_SUMMARIES.signIn} />
      <div className={`container ${styles.page}`}>
        <SignedOutOnly>
          <SignInForm />
        </SignedOutOnly>
      </div>
    </>
  );
}
