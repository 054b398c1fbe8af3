import { BRAND } from '@/config/brand';
import { PageIntro } from '@/ui/page-intro';

export default function PreorderPage() {
  return <PageIntro title="Pre-order Space" summary={`Be among the first to get ${BRAND.name} Space satellite internet.`} />;
}
