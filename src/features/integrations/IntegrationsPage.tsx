import { Badge, Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  CalendarSyncRegular,
  OpenRegular,
  PeopleTeamRegular,
  PlugConnectedRegular,
  PlugDisconnectedRegular,
  VideoRegular,
} from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHostState } from '@tabs/host';
import type { PlanFeature } from '@contracts/billing';
import { useConfirm } from '@/components/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert';
import { InlineMessage } from '@/components/InlineMessage';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { CalendarConnections } from '@/features/calendar';
import { apiErrorOf, withApiError, type ApiError } from '@/lib/http';
import { PLANS_PATH } from '@/lib/plan-gate';
import { integrationKeys, integrationsApi } from './api';
import { Busy } from '@/components/Busy';
import { BusyButton } from '@/components/BusyButton';
import { column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalL },
  intro: { color: tokens.colorNeutralForeground2, margin: 0 },
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  header: { ...wrappingRow, gap: tokens.spacingHorizontalM },
  icon: { fontSize: '28px', display: 'flex', color: tokens.colorBrandForeground1 },
  title: { margin: 0, flexGrow: 1, minWidth: 0 },
  body: { ...column, gap: tokens.spacingVerticalS },
  text: { margin: 0, overflowWrap: 'anywhere' },
  muted: { margin: 0, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export type IntegrationStatus = 'connected' | 'not_connected' | 'not_configured' | 'checking';

const BADGES = {
  connected: { color: 'success', appearance: 'filled' },
  not_connected: { color: 'informative', appearance: 'outline' },
  not_configured: { color: 'warning', appearance: 'tint' },
  checking: { color: 'subtle', appearance: 'outline' },
} as const;

function IntegrationCard({
  id,
  icon,
  title,
  status,
  children,
  actions,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  /** None for a card that only links on (its status lives on its own page). */
  status?: IntegrationStatus;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Card
      className={styles.card}
      role="region"
      aria-labelledby={`${id}-title`}
      data-testid={`integration-${id}`}
      data-status={status}
    >
      <div className={styles.header}>
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
        <Text as="h2" id={`${id}-title`} size={500} weight="semibold" className={styles.title}>
          {title}
        </Text>
        {status && (
          <Badge
            {...BADGES[status]}
            icon={status === 'checking' ? <Busy size="extra-tiny" /> : undefined}
          >
            {t(`billing:integrations.status.${status}`)}
          </Badge>
        )}
      </div>
      <div className={styles.body}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </Card>
  );
}

/** Which plans include a gated integration (spec 6), with a way to the plans. */
function PlanNote({ feature }: { feature: PlanFeature }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const plans = useQuery({ queryKey: integrationKeys.plans, queryFn: integrationsApi.plans });
  const including = (plans.data ?? []).filter((plan) => plan.limits.features[feature]);
  if (!plans.data || including.length === plans.data.length) return null;
  return (
    <Text as="p" className={styles.muted}>
      {t('billing:integrations.plan_note', {
        count: including.length,
        plans: including.map((plan) => t(`billing:plans.names.${plan.payment_type}`)).join(', '),
      })}{' '}
      <RouterLink to={PLANS_PATH}>{t('app:plan_gate.see_plans')}</RouterLink>
    </Text>
  );
}

/** Teams' deep link to the app's page in Teams (its details and "Add"): the manifest's app id. */
export const teamsAppLink = (appId: string) =>
  `https://teams.microsoft.com/l/app/${encodeURIComponent(appId)}`;

function TeamsCard() {
  const styles = useStyles();
  const { t } = useTranslation();
  const host = useHostState();
  const inHost = host.mode === 'host';
  const options = useQuery({
    queryKey: integrationKeys.meetings,
    queryFn: integrationsApi.meetingOptions,
    enabled: !inHost,
  });
  const appId = options.data?.teams_app_id ?? null;
  return (
    <IntegrationCard
      id="teams"
      icon={<PeopleTeamRegular />}
      title={t('billing:integrations.teams.title')}
      status={inHost ? 'connected' : 'not_connected'}
      actions={
        !inHost && appId ? (
          <Button
            as="a"
            appearance="primary"
            icon={<OpenRegular />}
            href={teamsAppLink(appId)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('billing:integrations.teams.add')}
          </Button>
        ) : undefined
      }
    >
      <Text as="p" className={styles.text}>
        {inHost
          ? t('billing:integrations.teams.in_host', {
              host: host.hostName ?? t('billing:integrations.teams.title'),
            })
          : t('billing:integrations.teams.in_browser')}
      </Text>
      <Text as="p" className={styles.muted}>
        {appId ? t('billing:integrations.teams.how') : t('billing:integrations.teams.how_search')}
      </Text>
    </IntegrationCard>
  );
}

function LtiCard() {
  const styles = useStyles();
  const { t } = useTranslation();
  const plugins = useQuery({
    queryKey: integrationKeys.plugins,
    queryFn: integrationsApi.plugins,
    retry: false,
  });
  const refused = plugins.isError && apiErrorOf(plugins.error).status === 403;
  const list = plugins.data?.plugins ?? [];
  const status: IntegrationStatus | undefined = plugins.isPending
    ? 'checking'
    : plugins.isError
      ? undefined
      : list.length > 0
        ? 'connected'
        : 'not_connected';
  return (
    <IntegrationCard
      id="lti"
      icon={<PlugConnectedRegular />}
      title={t('billing:integrations.lti.title')}
      status={status}
      actions={
        !plugins.isError ? (
          <RouterButton to="/settings/plugins" appearance={list.length ? 'secondary' : 'primary'}>
            {list.length
              ? t('billing:integrations.lti.manage')
              : t('billing:integrations.lti.connect')}
          </RouterButton>
        ) : refused ? null : (
          <Button onClick={() => void plugins.refetch()}>{t('billing:integrations.retry')}</Button>
        )
      }
    >
      <Text as="p" className={styles.text}>
        {t('billing:integrations.lti.description')}
      </Text>
      {refused && (
        <Text as="p" className={styles.muted}>
          {t('billing:integrations.lti.owners_only')}
        </Text>
      )}
      {plugins.isError && !refused && (
        <Text as="p" className={styles.muted} role="alert">
          {t('billing:integrations.failed')}
        </Text>
      )}
      {list.length > 0 && (
        <Text as="p" className={styles.muted}>
          {t('billing:integrations.lti.connected', {
            count: list.length,
            names: list.map((plugin) => plugin.name).join(', '),
          })}
        </Text>
      )}
      <PlanNote feature="lti" />
    </IntegrationCard>
  );
}

function CalendarCard() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <IntegrationCard
      id="calendar"
      icon={<CalendarSyncRegular />}
      title={t('billing:integrations.calendar.title')}
      actions={
        <RouterButton to="/calendar/sync">{t('billing:integrations.calendar.open')}</RouterButton>
      }
    >
      <Text as="p" className={styles.text}>
        {t('billing:integrations.calendar.description')}
      </Text>
      <CalendarConnections />
      <PlanNote feature="calendar_sync" />
    </IntegrationCard>
  );
}

const ZOOM_ERRORS = ['state_invalid', 'denied', 'provider_error', 'not_configured'] as const;

/**
 * What came back from Zoom's consent (`?zoom=connected` or `?zoom_error=…`); the success only
 * while the account is still connected (a disconnect since then makes it stale).
 */
function ZoomReturn({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('zoom_error');
  if (params.get('zoom') === 'connected' && connected) {
    return (
      <InlineMessage intent="success" role="status">
        {t('billing:integrations.zoom.connected_now')}
      </InlineMessage>
    );
  }
  if (error) {
    const known = (ZOOM_ERRORS as readonly string[]).includes(error) ? error : 'provider_error';
    return (
      <InlineMessage intent="error" role="alert">
        {t(`billing:integrations.zoom.errors.${known}`)}
      </InlineMessage>
    );
  }
  return null;
}

function ZoomCard() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const account = useQuery({
    queryKey: integrationKeys.zoom,
    queryFn: integrationsApi.zoomAccount,
  });
  const connect = useMutation<void, ApiError>({
    mutationFn: () =>
      withApiError(async () => {
        const { url } = await integrationsApi.zoomLogin();
        window.location.assign(url);
        // The page is on its way to Zoom: stay pending.
        await new Promise(() => undefined);
      }),
  });
  const disconnect = useMutation<unknown, ApiError>({
    mutationFn: () => withApiError(integrationsApi.zoomDisconnect),
    onSuccess: (fresh) => {
      queryClient.setQueryData(integrationKeys.zoom, fresh);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.meetings });
    },
  });
  const data = account.data;
  const status: IntegrationStatus | undefined = account.isPending
    ? 'checking'
    : !data
      ? undefined
      : data.status === 'not_configured'
        ? data.server_wide
          ? 'connected'
          : 'not_configured'
        : data.status;
  const askDisconnect = async () => {
    const agreed = await confirm({
      title: t('billing:integrations.zoom.confirm_title'),
      message: t('billing:integrations.zoom.confirm_body'),
      confirmLabel: t('billing:integrations.zoom.disconnect'),
    });
    if (agreed) disconnect.mutate();
  };
  let actions: ReactNode;
  if (account.isError) {
    actions = (
      <Button onClick={() => void account.refetch()}>{t('billing:integrations.retry')}</Button>
    );
  } else if (data?.status === 'not_connected') {
    actions = (
      <BusyButton
        busy={connect.isPending}
        appearance="primary"
        icon={<PlugConnectedRegular />}
        onClick={() => connect.mutate()}
      >
        {t('billing:integrations.zoom.connect')}
      </BusyButton>
    );
  } else if (data?.status === 'connected') {
    actions = (
      <BusyButton
        busy={disconnect.isPending}
        icon={<PlugDisconnectedRegular />}
        onClick={() => void askDisconnect()}
      >
        {t('billing:integrations.zoom.disconnect')}
      </BusyButton>
    );
  }
  let text: string;
  let note: string | null = null;
  if (!data || data.status === 'not_configured') {
    text = data?.server_wide
      ? t('billing:integrations.zoom.server_wide_only')
      : t('billing:integrations.zoom.not_configured');
  } else if (data.status === 'connected') {
    text = t('billing:integrations.zoom.connected', {
      date: new Date(data.connected_at ?? Date.now()).toLocaleDateString(i18n.language, {
        dateStyle: 'medium',
      }),
    });
  } else {
    text = t('billing:integrations.zoom.description');
    note = data.server_wide
      ? t('billing:integrations.zoom.server_wide_fallback')
      : t('billing:integrations.zoom.no_fallback');
  }
  return (
    <IntegrationCard
      id="zoom"
      icon={<VideoRegular />}
      title={t('billing:integrations.zoom.title')}
      status={status}
      actions={actions}
    >
      <ZoomReturn connected={data?.status === 'connected'} />
      {!account.isPending && !account.isError && (
        <Text as="p" className={styles.text}>
          {text}
        </Text>
      )}
      {note && (
        <Text as="p" className={styles.muted}>
          {note}
        </Text>
      )}
      {account.isError && (
        <Text as="p" className={styles.muted} role="alert">
          {t('billing:integrations.failed')}
        </Text>
      )}
      <FormAlert error={connect.error ?? disconnect.error} />
      {confirmDialog}
    </IntegrationCard>
  );
}

/** /settings/integrations: what Teamloop is connected to, and where to connect the rest. */
export default function IntegrationsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Text as="p" className={styles.intro}>
        {t('billing:integrations.intro')}
      </Text>
      <TeamsCard />
      <LtiCard />
      <CalendarCard />
      <ZoomCard />
    </div>
  );
}
