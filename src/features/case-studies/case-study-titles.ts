import type { CaseStudySlug } from '@/config/paths';

/** The case studies' names: the h1 of each page and its document title. Kept apart from the
 *  case-study data so the route table can name pages without loading the studies. */
export const CASE_STUDY_NAMES: Record<CaseStudySlug, string> = {
  'amg-mercedes': 'AMG Mercedes',
  charm: 'Charm',
  vmcrystalware: 'VM.Crystalware',
  'aurora-mail': 'Aurora Mail',
  'physical-therapy': 'Physical Therapy',
  'cashcat-streaming': 'CashCat Streaming',
};

/** The display name of a case study, or a generic title for an unknown slug. */
export function caseStudyTitle(slug: string | undefined): string {
  return (slug && CASE_STUDY_NAMES[slug as CaseStudySlug]) || 'Case study';
}
