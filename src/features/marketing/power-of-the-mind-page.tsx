import { PageIntro } from '@/ui/page-intro';

export default function PowerOfTheMindPage() {
  return <PageIntro title="The power of the mind" summary="Ideas become products when the right people think them through together." />;
}
