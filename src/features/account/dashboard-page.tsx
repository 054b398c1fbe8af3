import { PageIntro } from '@/ui/page-intro';

export default function DashboardPage() {
  return <PageIntro title="Dashboard" summary="Order a solution, reserve a specialist or check a trade-in value." />;
}
