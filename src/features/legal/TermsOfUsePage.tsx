import { LegalDocument } from './LegalDocument';

/** /terms-of-use, open without sign-in. */
export default function TermsOfUsePage() {
  return <LegalDocument document="terms" />;
}
