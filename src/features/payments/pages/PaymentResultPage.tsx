import {
  Button,
  Card,
  makeStyles,
  ProgressBar,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  CheckmarkCircleRegular,
  DismissCircleRegular,
  DocumentDismissRegular,
  HourglassHalfRegular,
} from '@fluentui/react-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { RouterButton } from '@/components/RouterLink';
import { apiErrorOf } from '@/lib/http';
import { billingApi, billingKeys, type Invoice } from '../api';
import { ProcessorBanner } from '../components/ProcessorBanner';
import { useActivePackage, usePay, usePlanName } from '../hooks';
import { formatMoney } from '../money';
import { BusyButton } from '@/components/BusyButton';
import { column } from '@/lib/styles';

/** How often the page asks whether the processor's webhook has arrived, and for how long. */
export const VERIFY_INTERVAL_MS = 2000;
export const VERIFY_ATTEMPTS = 45;

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalL,
    maxWidth: '640px',
    margin: '0 auto',
    width: '100%',
    minWidth: 0,
    '& > h1': { margin: 0 },
  },
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  plan: { ...column, gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3, margin: 0, overflowWrap: 'anywhere' },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
  },
  progress: { width: '100%', maxWidth: '360px' },
});

const settingsLink = (workspaceId?: number) =>
  workspaceId
    ? `/settings/subscriptions-payments?workspace=${workspaceId}`
    : '/settings/subscriptions-payments';

function BackToSettings({ workspaceId, primary }: { workspaceId?: number; primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <RouterButton to={settingsLink(workspaceId)} appearance={primary ? 'primary' : 'secondary'}>
      {t('billing:result.back')}
    </RouterButton>
  );
}

/** The plan the workspace is on now that the payment went through. */
function NewPlan({ invoice }: { invoice: Invoice }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const planName = usePlanName();
  const active = useActivePackage(invoice.workspace.id);
  if (active.isPending) return <Spinner size="small" label={t('billing:result.loading_plan')} />;
  if (active.isError) return null;
  const plan = active.data.pricing_rule;
  return (
    <Card className={styles.card} data-testid="payment-new-plan" data-plan={plan.payment_type}>
      <div className={styles.plan}>
        <Text size={200} className={styles.muted}>
          {t('billing:result.now_on', { workspace: invoice.workspace.name })}
        </Text>
        <Text size={600} weight="semibold">
          {planName(plan.payment_type)}
        </Text>
        <Text as="p" className={styles.muted}>
          {t('billing:result.plan_members', { count: plan.limits.members_per_workspace })}
        </Text>
      </div>
    </Card>
  );
}

function TryAgain({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const pay = usePay();
  return (
    <>
      <FormAlert error={pay.error} />
      <BusyButton busy={pay.isPending} appearance="primary" onClick={() => pay.mutate(invoiceId)}>
        {t('billing:result.try_again')}
      </BusyButton>
    </>
  );
}

/** One answer about the payment under its icon, marked with its status for the tests. */
function Outcome({
  status,
  icon,
  description,
  actions,
  children,
}: {
  status: 'paid' | 'failed' | 'void' | 'cancelled' | 'pending';
  icon: ReactNode;
  description: string;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="payment-result" data-status={status}>
      <EmptyState
        headingLevel={2}
        icon={icon}
        title={t(`billing:result.${status}.title`)}
        description={description}
        actions={actions}
      />
      {children}
    </div>
  );
}

/** /payments/result/:id: where the processor sends the browser back, whatever happened. */
export default function PaymentResultPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { id } = useParams();
  const invoiceId = Number(id);
  const valid = Number.isInteger(invoiceId) && invoiceId > 0;
  // The processor's page was left without paying (Stripe's cancel_url): nothing to wait for.
  const cancelled = useSearchParams()[0].get('cancelled') === '1';
  const queryClient = useQueryClient();
  const planName = usePlanName();
  const verify = useQuery({
    queryKey: billingKeys.verify(invoiceId),
    queryFn: () => billingApi.verify(invoiceId),
    enabled: valid,
    retry: false,
    // The browser's return proves nothing: only the processor's webhook settles the invoice.
    refetchInterval: (query) =>
      !cancelled &&
      query.state.data?.status === 'pending' &&
      query.state.dataUpdateCount < VERIFY_ATTEMPTS
        ? VERIFY_INTERVAL_MS
        : false,
  });
  const status = verify.data?.status;
  const invoice = verify.data?.invoice;
  // Not paid: the processor said no, the invoice was voided, or the person came back without paying.
  const unpaid = status === 'failed' || status === 'void' ? status : cancelled ? 'cancelled' : null;

  useEffect(() => {
    // Settled: every billing view (plan, usage, invoices) reads the new state.
    if (status && status !== 'pending') {
      void queryClient.invalidateQueries({
        queryKey: billingKeys.all,
        predicate: (query) => query.queryKey[1] !== 'verify',
      });
    }
  }, [status, queryClient]);

  const checkAgain = (
    <Button appearance="primary" onClick={() => void verify.refetch()}>
      {t('billing:result.check_again')}
    </Button>
  );
  let content;
  if (!valid) {
    content = (
      <EmptyState
        headingLevel={2}
        icon={<DocumentDismissRegular />}
        title={t('billing:result.none.title')}
        description={t('billing:result.none.description')}
        actions={<BackToSettings primary />}
      />
    );
  } else if (verify.isPending) {
    content = <Spinner label={t('billing:result.checking')} />;
  } else if (verify.isError) {
    const error = apiErrorOf(verify.error);
    content =
      error.status === 404 || error.status === 403 ? (
        <EmptyState
          headingLevel={2}
          icon={<DocumentDismissRegular />}
          title={t('billing:result.not_found.title')}
          description={error.messages.join(' ') || t('billing:result.not_found.description')}
          actions={<BackToSettings primary />}
        />
      ) : (
        <>
          <FormAlert error={error} />
          <div className={styles.actions}>
            {checkAgain}
            <BackToSettings />
          </div>
        </>
      );
  } else if (status === 'paid' && invoice) {
    content = (
      <Outcome
        status="paid"
        icon={<CheckmarkCircleRegular />}
        description={t('billing:result.paid.description', {
          total: formatMoney(invoice.total, invoice.currency),
          number: invoice.number,
          plan: planName(invoice.payment_type),
          workspace: invoice.workspace.name,
        })}
        actions={<BackToSettings workspaceId={invoice.workspace.id} primary />}
      >
        <NewPlan invoice={invoice} />
      </Outcome>
    );
  } else if (unpaid && invoice) {
    content = (
      <Outcome
        status={unpaid}
        icon={unpaid === 'void' ? <DocumentDismissRegular /> : <DismissCircleRegular />}
        description={t(`billing:result.${unpaid}.description`, { number: invoice.number })}
        actions={
          unpaid === 'void' ? (
            <BackToSettings workspaceId={invoice.workspace.id} primary />
          ) : (
            <>
              <TryAgain invoiceId={invoice.id} />
              <BackToSettings workspaceId={invoice.workspace.id} />
            </>
          )
        }
      />
    );
  } else {
    // Still no word from the processor after a while: stop asking, let the person ask again.
    const answers = queryClient.getQueryState(billingKeys.verify(invoiceId))?.dataUpdateCount ?? 0;
    const gaveUp = answers >= VERIFY_ATTEMPTS && !verify.isFetching;
    content = (
      <Outcome
        status="pending"
        icon={<HourglassHalfRegular />}
        description={t(
          gaveUp ? 'billing:result.pending.slow' : 'billing:result.pending.description',
        )}
        actions={
          gaveUp ? (
            <>
              {checkAgain}
              <BackToSettings workspaceId={invoice?.workspace.id} />
            </>
          ) : (
            <ProgressBar
              className={styles.progress}
              aria-label={t('billing:result.pending.progress')}
              thickness="large"
            />
          )
        }
      />
    );
  }

  return (
    <div className={styles.root}>
      <Text as="h1" size={800} weight="semibold">
        {t('app:titles.payment_result')}
      </Text>
      <ProcessorBanner />
      {content}
    </div>
  );
}
