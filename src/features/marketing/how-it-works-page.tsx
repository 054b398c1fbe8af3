import { PageIntro } from '@/ui/page-intro';

export default function HowItWorksPage() {
  return <PageIntro title="How it works" summary="From first call to launch in four clear steps." />;
}
