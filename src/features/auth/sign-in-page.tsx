import { PageIntro } from '@/ui/page-intro';
import { SignInForm } from './sign-in-form';
import styles from './auth-form.module.scss';

export default function SignInPage() {
  return (
    <>
      <PageIntro title="Sign in" summary="Welcome back. Sign in to see your dashboard and orders." />
      <div className={`container ${styles.page}`}>
        <SignInForm />
      </div>
    </>
  );
}
