import { PageIntro } from '@/ui/page-intro';

export default function EnterprisePage() {
  return <PageIntro title="Enterprise builder" summary="Design, build and launch internal tools with our builder — join the waitlist for early access." />;
}
