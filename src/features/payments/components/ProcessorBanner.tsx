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
  let shown: { mode: string; intent: 'warning' | 'info'; title: string; description: string };
  if (processor.data?.mode === 'local') {
    shown = {
      mode: 'local',
      intent: 'warning',
      title: t('billing:page.test_mode.title'),
      description: t('billing:page.test_mode.description'),
    };
  } else if (processor.unavailable) {
    shown = {
      mode: 'off',
      intent: 'info',
      title: t('billing:page.not_configured.title'),
      description: t('billing:page.not_configured.description'),
    };
  } else {
    return null;
  }
  return (
    <div data-testid="billing-processor" data-mode={shown.mode}>
      <InlineMessage intent={shown.intent} role="status" title={shown.title}>
        {shown.description}
      </InlineMessage>
    </div>
  );
}
