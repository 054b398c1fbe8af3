import { PageIntro } from '@/ui/page-intro';
import { SignUpForm } from './sign-up-form';
import { SignedOutOnly } from './signed-out-only';
import styles from './auth-form.module.scss';
import { PAGE_SUMMARIES } from '@/config/page-summaries';

export default function SignUpPage() {
  return (
    <>
      {/* The page's 55 px header bar (spec section 2) is its frame's: src/app/layouts/sign-up-bar.tsx. */}
      <PageIntro title="Create your account" summary={PAGE_SUMMARIES.signUp} />
      <div className={`container ${styles.page}`}>
        <SignedOutOnly>
          <SignUpForm />
        </SignedOutOnly>
      </div>
    </>
  );
}
