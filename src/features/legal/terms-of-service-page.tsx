import { LegalDocumentView } from './legal-document';
import { termsOfService } from './terms-of-service';

export default function TermsOfServicePage() {
  return <LegalDocumentView document={termsOfService} />;
}
