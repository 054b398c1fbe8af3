import { PageIntro } from '@/ui/page-intro';

export default function SignUpPage() {
  return <PageIntro title="Create your account" summary="One account for the store, your orders and Space." />;
}
