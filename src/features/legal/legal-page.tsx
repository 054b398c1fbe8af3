import { PageIntro } from '@/ui/page-intro';

export default function LegalPage() {
  return <PageIntro title="Legal" summary="Our privacy policy and terms of service." />;
}
