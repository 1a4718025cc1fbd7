import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, PaymentRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/FormAlert';
import { formatDate } from '@/lib/format';
import { apiErrorOf } from '@/lib/http';
import type { Invoice, PlanCode } from '../api';
import { useInvoicePdf, useInvoices, usePay, usePlanName } from '../hooks';
import { formatMoney, formatPeriod } from '../money';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { Busy } from '@/components/Busy';
import { SkeletonRows } from '@/components/SkeletonRows';
import { ShowMoreButton } from '@/components/ShowMoreButton';
import { columnList, column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  list: { ...columnList },
  row: {
    ...wrappingRow,
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    paddingBlock: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  what: {
    ...column,
    flex: '1 1 220px',
    minWidth: 0,
    gap: tokens.spacingVerticalXXS,
  },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  total: { flex: '0 0 auto', fontVariantNumeric: 'tabular-nums' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  empty: { color: tokens.colorNeutralForeground3, margin: 0 },
  fullRow: { flexBasis: '100%' },
  more: { alignSelf: 'flex-start', marginTop: tokens.spacingVerticalS },
});

function InvoiceRow({
  invoice,
  canPay,
  paying,
  onPay,
  planName,
}: {
  invoice: Invoice;
  planName: (code: PlanCode) => string;
  canPay: boolean;
  paying: boolean;
  onPay: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const pdf = useInvoicePdf();
  const period = formatPeriod(invoice.period);
  const payable = invoice.status === 'open' || invoice.status === 'failed';
  return (
    <li className={styles.row} data-testid="billing-invoice" data-status={invoice.status}>
      <div className={styles.what}>
        <Text weight="semibold">
          {t(`billing:settings.invoices.kind.${invoice.kind}`, {
            number: invoice.number,
            plan: planName(invoice.payment_type),
          })}
        </Text>
        <Text size={200} className={styles.meta}>
          {t('billing:settings.invoices.meta', {
            number: invoice.number,
            date: formatDate(invoice.created_at),
            start: period.start,
            end: period.end,
          })}
        </Text>
      </div>
      <Text weight="semibold" className={styles.total}>
        {formatMoney(invoice.total, invoice.currency)}
      </Text>
      <InvoiceStatusBadge status={invoice.status} />
      <div className={styles.actions}>
        <Button
          size="small"
          icon={pdf.isPending ? <Busy size="extra-tiny" /> : <ArrowDownloadRegular />}
          disabled={pdf.isPending}
          onClick={() => pdf.mutate({ id: invoice.id, number: invoice.number })}
          aria-label={t('billing:settings.invoices.pdf_label', { number: invoice.number })}
        >
          {t('billing:settings.invoices.pdf')}
        </Button>
        {payable && canPay && (
          <Button
            size="small"
            appearance="primary"
            icon={paying ? <Busy size="extra-tiny" /> : <PaymentRegular />}
            disabled={paying}
            onClick={onPay}
            aria-label={t('billing:settings.invoices.pay_label', { number: invoice.number })}
          >
            {t('billing:settings.invoices.pay')}
          </Button>
        )}
      </div>
      {pdf.error && (
        <div className={styles.fullRow}>
          <FormAlert error={pdf.error} />
        </div>
      )}
    </li>
  );
}

/** A workspace's invoices with their status, each as a PDF, the open ones payable. */
export function InvoiceList({ workspaceId, canPay }: { workspaceId: number; canPay: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const list = useInvoices(workspaceId);
  const pay = usePay();
  const planName = usePlanName();
  if (list.isPending) {
    return <SkeletonRows label={t('billing:settings.invoices.loading')} rows={2} size={36} />;
  }
  if (list.isError) {
    return (
      <>
        <FormAlert error={apiErrorOf(list.error)} />
        <Button className={styles.more} onClick={() => void list.refetch()}>
          {t('billing:settings.retry')}
        </Button>
      </>
    );
  }
  if (list.invoices.length === 0) {
    return (
      <Text as="p" className={styles.empty}>
        {t('billing:settings.invoices.empty')}
      </Text>
    );
  }
  return (
    <>
      <FormAlert error={pay.error} />
      <ul className={styles.list} aria-label={t('billing:settings.invoices.title')}>
        {list.invoices.map((invoice) => (
          <InvoiceRow
            key={invoice.id}
            invoice={invoice}
            canPay={canPay}
            paying={pay.isPending && pay.variables === invoice.id}
            onPay={() => pay.mutate(invoice.id)}
            planName={planName}
          />
        ))}
      </ul>
      <ShowMoreButton list={list} className={styles.more}>
        {t('billing:settings.invoices.more')}
      </ShowMoreButton>
    </>
  );
}
