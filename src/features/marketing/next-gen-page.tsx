import { PageIntro } from '@/ui/page-intro';

export default function NextGenPage() {
  return <PageIntro title="Next-Gen" summary="The next generation of products, built by our engineers in the language your customers speak." />;
}
