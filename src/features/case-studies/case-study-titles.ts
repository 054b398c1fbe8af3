import type { CaseStudySlug } from '@/config/paths';

const TITLES: Record<CaseStudySlug, string> = {
  'amg-mercedes': 'AMG Mercedes',
  charm: 'Charm',
  vmcrystalware: 'VM.Crystalware',
  'aurora-mail': 'Aurora Mail',
  'physical-therapy': 'Physical Therapy',
  'cashcat-streaming': 'CashCat Streaming',
};

/** The display name of a case study, or a generic title for an unknown slug. */
export function caseStudyTitle(slug: string | undefined): string {
  return (slug && TITLES[slug as CaseStudySlug]) || 'Case study';
}
