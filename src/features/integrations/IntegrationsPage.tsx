import { Badge, Button, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  CalendarSyncRegular,
  PeopleTeamRegular,
  PlugConnectedRegular,
  VideoRegular,
} from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostState } from '@tabs/host';
import type { PlanFeature } from '@contracts/billing';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { apiErrorOf } from '@/lib/http';
import { PLANS_PATH } from '@/lib/plan-gate';
import { integrationKeys, integrationsApi } from './api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { color: tokens.colorNeutralForeground2, margin: 0 },
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  icon: { fontSize: '28px', display: 'flex', color: tokens.colorBrandForeground1 },
  title: { margin: 0, flexGrow: 1, minWidth: 0 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
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
            icon={status === 'checking' ? <Spinner size="extra-tiny" /> : undefined}
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
        plans: including.map((plan) => plan.name).join(', '),
      })}{' '}
      <RouterLink to={PLANS_PATH}>{t('app:plan_gate.see_plans')}</RouterLink>
    </Text>
  );
}

function TeamsCard() {
  const styles = useStyles();
  const { t } = useTranslation();
  const host = useHostState();
  const inHost = host.mode === 'host';
  return (
    <IntegrationCard
      id="teams"
      icon={<PeopleTeamRegular />}
      title={t('billing:integrations.teams.title')}
      status={inHost ? 'connected' : 'not_connected'}
    >
      <Text as="p" className={styles.text}>
        {inHost
          ? t('billing:integrations.teams.in_host', {
              host: host.hostName ?? t('billing:integrations.teams.title'),
            })
          : t('billing:integrations.teams.in_browser')}
      </Text>
      <Text as="p" className={styles.muted}>
        {t('billing:integrations.teams.how')}
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
      <PlanNote feature="calendar_sync" />
    </IntegrationCard>
  );
}

function ZoomCard() {
  const styles = useStyles();
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: integrationKeys.meetings,
    queryFn: integrationsApi.meetingOptions,
  });
  const status: IntegrationStatus | undefined = options.isPending
    ? 'checking'
    : options.isError
      ? undefined
      : options.data.zoom
        ? 'connected'
        : 'not_configured';
  return (
    <IntegrationCard
      id="zoom"
      icon={<VideoRegular />}
      title={t('billing:integrations.zoom.title')}
      status={status}
      actions={
        options.isError ? (
          <Button onClick={() => void options.refetch()}>{t('billing:integrations.retry')}</Button>
        ) : undefined
      }
    >
      <Text as="p" className={styles.text}>
        {status === 'not_configured'
          ? t('billing:integrations.zoom.not_configured')
          : t('billing:integrations.zoom.description')}
      </Text>
      {options.isError && (
        <Text as="p" className={styles.muted} role="alert">
          {t('billing:integrations.failed')}
        </Text>
      )}
      <Text as="p" className={styles.muted}>
        {t('billing:integrations.zoom.server_wide')}
      </Text>
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
