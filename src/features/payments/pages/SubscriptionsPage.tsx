import {
  Button,
  Field,
  makeStyles,
  ProgressBar,
  Select,
  Skeleton,
  SkeletonItem,
  Text,
  tokens,
} from '@fluentui/react-components';
import { BuildingRegular, PaymentRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { InlineMessage } from '@/components/InlineMessage';
import { RouterButton } from '@/components/RouterLink';
import { Section } from '@/components/Section';
import { SkeletonRows } from '@/components/SkeletonRows';
import { formatFileSize } from '@/lib/file-size';
import { apiErrorOf } from '@/lib/http';
import type { ActivePackage, Invoice } from '../api';
import { BillingPortal } from '../components/BillingPortal';
import { InvoiceList } from '../components/InvoiceList';
import { PlanCards } from '../components/PlanCards';
import { ProcessorBanner } from '../components/ProcessorBanner';
import { UpgradeDialog } from '../components/UpgradeDialog';
import {
  useActivePackage,
  useDriveCapacity,
  useOwnedWorkspaces,
  usePay,
  usePlanName,
  usePlans,
  useProcessor,
  useUpgrade,
} from '../hooks';
import { formatMoney, formatPeriod, shareOf } from '../money';
import { BusyButton } from '@/components/BusyButton';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalL, minWidth: 0 },
  picker: { maxWidth: '420px' },
  current: { ...column, gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3, margin: 0, overflowWrap: 'anywhere' },
  usage: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  waiting: { ...column, gap: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const barColor = (share: number) => (share >= 1 ? 'error' : share >= 0.8 ? 'warning' : 'brand');

function Usage({ active }: { active: ActivePackage }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const drive = useDriveCapacity();
  const members = active.usage.members;
  const memberShare = shareOf(members.used, members.limit);
  return (
    <div className={styles.usage}>
      <Field
        label={t('billing:settings.usage.members', { used: members.used, limit: members.limit })}
        data-testid="billing-usage-members"
      >
        <ProgressBar value={memberShare} color={barColor(memberShare)} thickness="large" />
      </Field>
      {drive.data ? (
        <Field
          label={t('billing:settings.usage.drive', {
            used: formatFileSize(drive.data.used),
            total: formatFileSize(drive.data.total),
          })}
          hint={t('billing:settings.usage.drive_hint', {
            size: formatFileSize(active.pricing_rule.limits.drive_capacity_mb * 1024 * 1024),
          })}
          data-testid="billing-usage-drive"
        >
          <ProgressBar
            value={shareOf(drive.data.used, drive.data.total)}
            color={barColor(shareOf(drive.data.used, drive.data.total))}
            thickness="large"
          />
        </Field>
      ) : drive.isPending ? (
        <SkeletonRows label={t('billing:settings.loading')} size={32} />
      ) : null}
    </div>
  );
}

function WaitingInvoice({ invoice, canPay }: { invoice: Invoice; canPay: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const pay = usePay();
  const planName = usePlanName();
  return (
    <div className={styles.waiting} data-testid="billing-waiting-invoice">
      <InlineMessage
        intent="warning"
        role="status"
        title={t(
          invoice.status === 'failed'
            ? 'billing:settings.waiting.failed_title'
            : 'billing:settings.waiting.title',
          { plan: planName(invoice.payment_type) },
        )}
      >
        {t('billing:settings.waiting.description', {
          number: invoice.number,
          total: formatMoney(invoice.total, invoice.currency),
        })}
      </InlineMessage>
      <FormAlert error={pay.error} />
      {canPay && (
        <div className={styles.actions}>
          <BusyButton
            busy={pay.isPending}
            appearance="primary"
            icon={<PaymentRegular />}
            onClick={() => pay.mutate(invoice.id)}
          >
            {t('billing:settings.waiting.pay', {
              total: formatMoney(invoice.total, invoice.currency),
            })}
          </BusyButton>
        </div>
      )}
    </div>
  );
}

/** A load that failed: the server's words and a retry. */
function LoadFailed({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.waiting}>
      <FormAlert error={apiErrorOf(query.error)} />
      <div className={styles.actions}>
        <Button onClick={() => void query.refetch()}>{t('billing:settings.retry')}</Button>
      </div>
    </div>
  );
}

function WorkspaceBilling({ workspaceId, canPay }: { workspaceId: number; canPay: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const planName = usePlanName();
  const active = useActivePackage(workspaceId);
  const plans = usePlans();
  const upgrade = useUpgrade(workspaceId);
  const [invoice, setInvoice] = useState<Invoice | null>(null);

  if (active.isPending) {
    return <SkeletonRows label={t('billing:settings.loading')} size={128} />;
  }
  if (active.isError) {
    return <LoadFailed query={active} />;
  }
  const pkg = active.data;
  const plan = pkg.pricing_rule;
  const period = formatPeriod(pkg.period);
  const mayPay = canPay && pkg.can_manage;
  return (
    <>
      <Section id="billing-current" title={t('billing:settings.current.title')}>
        <div
          className={styles.current}
          data-testid="billing-current-plan"
          data-plan={plan.payment_type}
        >
          <Text size={600} weight="semibold">
            {planName(plan.payment_type)}
          </Text>
          <Text as="p" className={styles.muted}>
            {plan.price === 0
              ? t('billing:settings.current.free', { start: period.start, end: period.end })
              : t('billing:settings.current.paid', {
                  price: formatMoney(plan.price, plan.currency),
                  start: period.start,
                  end: period.end,
                })}
          </Text>
        </div>
        <Usage active={pkg} />
        {pkg.pending_invoice && <WaitingInvoice invoice={pkg.pending_invoice} canPay={mayPay} />}
        <BillingPortal active={pkg} />
        {!pkg.can_manage && (
          <Text as="p" className={styles.muted}>
            {t('billing:settings.current.not_manager')}
          </Text>
        )}
      </Section>
      <Section
        id="billing-plans"
        title={t('billing:settings.plans.title')}
        description={t('billing:settings.plans.description')}
      >
        <FormAlert error={upgrade.error} />
        {plans.isPending ? (
          <SkeletonRows label={t('billing:settings.loading')} size={128} />
        ) : plans.isError ? (
          <FormAlert error={apiErrorOf(plans.error)} />
        ) : (
          <PlanCards
            plans={plans.data}
            current={plan.payment_type}
            canManage={pkg.can_manage}
            canPay={canPay}
            upgrading={upgrade.isPending ? upgrade.variables : undefined}
            onUpgrade={(code) =>
              upgrade.mutate(code, { onSuccess: (result) => setInvoice(result.invoice) })
            }
          />
        )}
      </Section>
      <Section id="billing-invoices" title={t('billing:settings.invoices.title')}>
        <InvoiceList workspaceId={workspaceId} canPay={mayPay} />
      </Section>
      <UpgradeDialog invoice={invoice} canPay={canPay} onClose={() => setInvoice(null)} />
    </>
  );
}

/**
 * /settings/subscriptions-payments: for a workspace the person owns, its plan and usage, the
 * plans side by side with an upgrade, and its invoices (PDF, pay the open one).
 */
export default function SubscriptionsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const owned = useOwnedWorkspaces();
  const processor = useProcessor();
  const [params, setParams] = useSearchParams();
  const { canPay } = processor;

  let body;
  if (owned.isPending) {
    body = (
      <Skeleton aria-label={t('billing:settings.loading')}>
        <SkeletonItem size={32} />
        <SkeletonItem size={128} />
      </Skeleton>
    );
  } else if (owned.isError) {
    body = <LoadFailed query={owned} />;
  } else if (owned.data.length === 0) {
    body = (
      <EmptyState
        headingLevel={2}
        icon={<BuildingRegular />}
        title={t('billing:settings.no_workspace.title')}
        description={t('billing:settings.no_workspace.description')}
        actions={
          <RouterButton to="/workspaces" appearance="primary">
            {t('billing:settings.no_workspace.action')}
          </RouterButton>
        }
      />
    );
  } else {
    const wanted = Number(params.get('workspace'));
    const selected = owned.data.find((w) => w.id === wanted) ?? owned.data[0];
    body = (
      <>
        {owned.data.length > 1 ? (
          <Field label={t('billing:settings.workspace')} className={styles.picker}>
            <Select
              value={String(selected.id)}
              onChange={(_, data) =>
                setParams({ workspace: data.value }, { replace: true, preventScrollReset: true })
              }
            >
              {owned.data.map((workspace) => (
                <option key={workspace.id} value={workspace.id}>
                  {workspace.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <Text as="p" className={styles.muted}>
            {t('billing:settings.only_workspace', { workspace: selected.name })}
          </Text>
        )}
        <WorkspaceBilling key={selected.id} workspaceId={selected.id} canPay={canPay} />
      </>
    );
  }
  return (
    <div className={styles.root}>
      <ProcessorBanner />
      {body}
    </div>
  );
}
