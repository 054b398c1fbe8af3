import { useParams } from 'react-router-dom';
import { CASE_STUDY_SLUGS, type CaseStudySlug } from '@/config/paths';
import NotFoundPage from '@/app/not-found-page';
import { PageIntro } from '@/ui/page-intro';
import { caseStudyTitle } from './case-study-titles';

function isCaseStudySlug(slug: string | undefined): slug is CaseStudySlug {
  return CASE_STUDY_SLUGS.includes(slug as CaseStudySlug);
}

export default function CaseStudyPage() {
  const { slug } = useParams();
  if (!isCaseStudySlug(slug)) return <NotFoundPage />;
  return <PageIntro eyebrow="Case study" title={caseStudyTitle(slug)} summary="How we took it from idea to launch." />;
}
