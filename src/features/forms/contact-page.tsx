import { PageIntro } from '@/ui/page-intro';

export default function ContactPage() {
  return <PageIntro title="Contact us" summary="Questions, projects or support: write to us and a specialist will answer." />;
}
