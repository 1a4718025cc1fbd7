import { Trans } from 'react-i18next';
import { RouterLink } from './RouterLink';

/**
 * Words about the privacy policy and the terms of use (`i18nKey`), whose <privacy> and <terms>
 * parts link to those pages.
 */
export function PolicyLinksText({ i18nKey }: { i18nKey: string }) {
  return (
    <Trans
      i18nKey={i18nKey}
      components={{
        privacy: <RouterLink to="/privacy-policy" />,
        terms: <RouterLink to="/terms-of-use" />,
      }}
    />
  );
}
