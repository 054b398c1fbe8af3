import { PageIntro } from '@/ui/page-intro';

export default function ThankYouPage() {
  return <PageIntro title="Thank you" summary="A representative is reviewing your profile and will contact you shortly." />;
}
