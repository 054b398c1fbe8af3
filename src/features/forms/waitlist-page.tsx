import { PageIntro } from '@/ui/page-intro';

export default function WaitlistPage() {
  return <PageIntro title="Open-access research program" summary="Join the waitlist for our open-access research program." />;
}
