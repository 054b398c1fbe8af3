import { paths } from '@/config/paths';

/** One block of a legal section: a paragraph, a bulleted list, or our contact details. */
export type LegalBlock = string | { list: readonly string[] } | { contact: 'support' };

export interface LegalSubsection {
  title: string;
  blocks: readonly LegalBlock[];
}

/** A numbered section: its id is the in-page anchor the table of contents links to. */
export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
  subsections?: readonly LegalSubsection[];
}

/** What the /legal index shows about a document, without loading its text. */
export interface LegalDocumentMeta {
  title: string;
  summary: string;
  path: string;
  /** ISO date (YYYY-MM-DD) of the last change. */
  lastUpdated: string;
}

export interface LegalDocument {
  meta: LegalDocumentMeta;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

export const privacyPolicyMeta: LegalDocumentMeta = {
  title: 'Privacy policy',
  summary: 'What we collect when you use our site, store and customer area, why, how long we keep it, and your rights.',
  path: paths.privacyPolicy,
  lastUpdated: '2026-11-29',
};

export const termsOfServiceMeta: LegalDocumentMeta = {
  title: 'Terms of service',
  summary: 'The agreement that applies when you use our site, buy a plan or work with our engineers, including our non-disclosure terms.',
  path: paths.termsOfService,
  lastUpdated: '2026-11-26',
};

export const LEGAL_DOCUMENTS: readonly LegalDocumentMeta[] = [privacyPolicyMeta, termsOfServiceMeta];

/** "November 16, 2026" from "2026-11-16", the same in every time zone. */
export function formatLegalDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}
