import { PageIntro } from '@/ui/page-intro';

export default function StorePage() {
  return <PageIntro title="Store" summary="Choose a service, then pick a model plan." />;
}
