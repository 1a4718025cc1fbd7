import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { WalletCreditCardRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/FormAlert';
import type { ActivePackage } from '../api';
import { useBillingPortal, useProcessor } from '../hooks';
import { BusyButton } from '@/components/BusyButton';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3, margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * Stripe's customer portal (payment methods, billing details) for whoever manages the
 * workspace's billing. Offered only with Stripe; with the local test processor it says it needs
 * Stripe, and before the first card payment that it comes after it. Nothing without a processor
 * (the banner already says so) or for people who do not manage billing.
 */
export function BillingPortal({ active }: { active: ActivePackage }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const processor = useProcessor();
  const portal = useBillingPortal();
  const mode = processor.data?.mode;
  if (!active.can_manage || !mode || mode === 'off') return null;
  if (mode === 'local') {
    return (
      <Text as="p" className={styles.muted} data-testid="billing-portal" data-state="needs-stripe">
        {t('billing:settings.portal.needs_stripe')}
      </Text>
    );
  }
  if (!active.billing_portal) {
    return (
      <Text as="p" className={styles.muted} data-testid="billing-portal" data-state="later">
        {t('billing:settings.portal.after_first_payment')}
      </Text>
    );
  }
  return (
    <div className={styles.root} data-testid="billing-portal" data-state="ready">
      <FormAlert error={portal.error} />
      <div className={styles.actions}>
        <BusyButton
          busy={portal.isPending}
          icon={<WalletCreditCardRegular />}
          onClick={() => portal.mutate(active.workspace_id)}
        >
          {t('billing:settings.portal.open')}
        </BusyButton>
      </div>
      <Text as="p" className={styles.muted}>
        {t('billing:settings.portal.description')}
      </Text>
    </div>
  );
}
