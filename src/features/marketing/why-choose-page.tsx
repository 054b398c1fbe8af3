import { BRAND } from '@/config/brand';
import { PageIntro } from '@/ui/page-intro';

export default function WhyChoosePage() {
  return <PageIntro title={`Why choose ${BRAND.name}`} summary="Pick the plan that fits your team: dedicated engineers, zero downtime, 24/7/365." />;
}
