import { PageIntro } from '@/ui/page-intro';

export default function SocialsPage() {
  return <PageIntro title="Follow us" summary="Our work, our people and Space, on the networks we use." />;
}
