import { useTranslation } from 'react-i18next';
import { InlineMessage } from '@/components/InlineMessage';
import { useProcessor } from '../hooks';

/**
 * Says how payments are taken here, on every billing page: the local test processor (no card is
 * charged) or no processor at all. A real processor needs no words.
 */
export function ProcessorBanner() {
  const { t } = useTranslation();
  const processor = useProcessor();
  if (processor.data?.mode === 'local') {
    return (
      <div data-testid="billing-processor" data-mode="local">
        <InlineMessage intent="warning" role="status" title={t('billing:page.test_mode.title')}>
          {t('billing:page.test_mode.description')}
        </InlineMessage>
      </div>
    );
  }
  if (processor.unavailable) {
    return (
      <div data-testid="billing-processor" data-mode="off">
        <InlineMessage intent="info" role="status" title={t('billing:page.not_configured.title')}>
          {t('billing:page.not_configured.description')}
        </InlineMessage>
      </div>
    );
  }
  return null;
}
