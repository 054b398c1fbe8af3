import { LegalDocumentView } from './legal-document';
import { privacyPolicy } from './privacy-policy';

export default function PrivacyPolicyPage() {
  return <LegalDocumentView document={privacyPolicy} />;
}
