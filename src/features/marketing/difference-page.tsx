import { BRAND } from '@/config/brand';
import { PageIntro } from '@/ui/page-intro';

export default function DifferencePage() {
  return <PageIntro title={`The ${BRAND.name} difference`} summary="How we differ from a typical agency: one team, fixed monthly plans, and code you own." />;
}
