import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/FormAlert';
import type { Invoice } from '../api';
import { usePay, usePlanName } from '../hooks';
import { formatMoney, formatPeriod } from '../money';
import { BusyButton } from '@/components/BusyButton';
import { SimpleDialog } from '@/components/SimpleDialog';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(520px, calc(100vw - 32px))', boxSizing: 'border-box' },
  content: { ...column, gap: tokens.spacingVerticalM },
  lines: { width: '100%', borderCollapse: 'collapse' },
  cell: {
    paddingBlock: tokens.spacingVerticalXS,
    textAlign: 'left',
    verticalAlign: 'top',
    overflowWrap: 'anywhere',
  },
  amount: {
    paddingBlock: tokens.spacingVerticalXS,
    paddingLeft: tokens.spacingHorizontalM,
    textAlign: 'right',
    verticalAlign: 'top',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  total: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}` },
  note: { color: tokens.colorNeutralForeground3, margin: 0 },
});

/**
 * The upgrade invoice the server made (prorated for the rest of the period): its lines and total,
 * then the processor's card page. "Later" leaves it waiting on the settings page.
 */
export function UpgradeDialog({
  invoice,
  canPay,
  onClose,
}: {
  invoice: Invoice | null;
  canPay: boolean;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const pay = usePay();
  const planName = usePlanName();
  if (!invoice) return null;
  const period = formatPeriod(invoice.period);
  return (
    <SimpleDialog
      onClose={() => !pay.isPending && onClose()}
      title={t('billing:settings.upgrade.title', { plan: planName(invoice.payment_type) })}
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
      fluidActions
      actions={
        <>
          <Button disabled={pay.isPending} onClick={onClose}>
            {t('billing:settings.upgrade.later')}
          </Button>
          {canPay && (
            <BusyButton
              busy={pay.isPending}
              appearance="primary"
              onClick={() => pay.mutate(invoice.id)}
            >
              {t('billing:settings.upgrade.pay', {
                total: formatMoney(invoice.total, invoice.currency),
              })}
            </BusyButton>
          )}
        </>
      }
    >
      <Text as="p">
        {t('billing:settings.upgrade.description', {
          workspace: invoice.workspace.name,
          start: period.start,
          end: period.end,
        })}
      </Text>
      <table className={styles.lines} data-testid="billing-upgrade-lines">
        <thead>
          <tr>
            <th className={styles.cell} scope="col">
              {t('billing:settings.upgrade.line')}
            </th>
            <th className={styles.amount} scope="col">
              {t('billing:settings.upgrade.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={index}>
              <td className={styles.cell}>{line.description}</td>
              <td className={styles.amount}>{formatMoney(line.amount, invoice.currency)}</td>
            </tr>
          ))}
          <tr className={styles.total}>
            <th className={styles.cell} scope="row">
              {t('billing:settings.upgrade.total')}
            </th>
            <td className={styles.amount}>
              <strong>{formatMoney(invoice.total, invoice.currency)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <Text as="p" size={200} className={styles.note}>
        {t('billing:settings.upgrade.note')}
      </Text>
      <FormAlert error={pay.error} />
    </SimpleDialog>
  );
}
