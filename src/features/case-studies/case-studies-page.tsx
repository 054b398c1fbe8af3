import { PageIntro } from '@/ui/page-intro';

export default function CaseStudiesPage() {
  return <PageIntro title="Case studies" summary="Products we have designed, built and launched with our clients." />;
}
