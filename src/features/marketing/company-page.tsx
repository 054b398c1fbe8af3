import { PageIntro } from '@/ui/page-intro';

export default function CompanyPage() {
  return <PageIntro title="About us" summary="Who we are, our mission, our next-gen work, our partners and careers." />;
}
