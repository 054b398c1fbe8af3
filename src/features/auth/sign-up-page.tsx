import { PAGE_SUMMARIES } from '@/config/page-summaries';
import { PAGE_TITLES } from '@/config/page-titles';
import { PageIntro } from '@/ui/page-intro';
import { SignUpForm } from './sign-up-form';
import { SignedOutOnly } from './signed-out-only';
import styles from './auth-form.module.scss';

export default function SignUpPage() {
  return (
    <>
      {/* The page's 55 px header bar (docs/product.md#sign-up-page) is its frame's: src/app/layouts/sign-up-bar.tsx. */}
      <PageIntro title={PAGE_TITLES.signUp} summary={PAGE_SUMMARIES.signUp} />
      <div className={`container ${styles.page}`}>
        <SignedOutOnly>
          <SignUpForm />
        </SignedOutOnly>
      </div>
    </>
  );
}
