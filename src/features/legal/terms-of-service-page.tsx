import { PageIntro } from '@/ui/page-intro';

export default function TermsOfServicePage() {
  return <PageIntro title="Terms of service" summary="The terms that apply when you use our site and services." />;
}
