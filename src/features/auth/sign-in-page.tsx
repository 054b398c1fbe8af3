import { PageIntro } from '@/ui/page-intro';

export default function SignInPage() {
  return <PageIntro title="Sign in" summary="Welcome back. Sign in to see your dashboard and orders." />;
}
