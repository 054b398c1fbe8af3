import { PageIntro } from '@/ui/page-intro';

export default function OrderHistoryPage() {
  return <PageIntro title="Orders" summary="Everything you have ordered, with its payment status." />;
}
