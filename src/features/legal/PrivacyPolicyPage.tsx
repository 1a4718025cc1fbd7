import { LegalDocument } from './LegalDocument';

/** /privacy-policy, open without sign-in. */
export default function PrivacyPolicyPage() {
  return <LegalDocument document="privacy" />;
}
