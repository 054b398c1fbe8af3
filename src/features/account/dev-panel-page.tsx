import { PageIntro } from '@/ui/page-intro';

export default function DevPanelPage() {
  return <PageIntro title="Dev Panel" summary="Live views of your project and your development environment." />;
}
