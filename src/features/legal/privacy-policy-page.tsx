import { PageIntro } from '@/ui/page-intro';

export default function PrivacyPolicyPage() {
  return <PageIntro title="Privacy policy" summary="How we collect, use and protect your information." />;
}
