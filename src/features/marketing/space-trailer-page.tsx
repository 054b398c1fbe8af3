import { BRAND } from '@/config/brand';
import { PageIntro } from '@/ui/page-intro';

export default function SpaceTrailerPage() {
  return <PageIntro title="Space trailer" summary={`Satellite internet from ${BRAND.name}: watch the trailer.`} />;
}
