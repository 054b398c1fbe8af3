import { PageIntro } from '@/ui/page-intro';

export default function ProductDetailsPage() {
  return <PageIntro title="Plan details" summary="Configure your plan, add-ons and trade-in, then check out." />;
}
