import {
  Badge,
  Button,
  Card,
  makeStyles,
  ProgressBar,
  Skeleton,
  SkeletonItem,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TodoItem } from '@contracts/tasks';
import { EmptyState } from '@/components/EmptyState';
import { RouterLink } from '@/components/RouterLink';
import { notificationText } from '@/features/notifications';
import { useSignedInUser } from '@/lib/current-user';
import { formatDate, formatDateTime } from '@/lib/format';
import { dashboardApi, dashboardKeys, type PersonalDashboard } from './api';
import { cellGrid, columnList, column, pageColumn, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...pageColumn, maxWidth: '1200px', minWidth: 0 },
  intro: { ...column, gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground2 },
  grid: { ...cellGrid('340px'), gap: tokens.spacingHorizontalL, alignItems: 'start' },
  card: { gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  row: { ...column, gap: '2px', minWidth: 0 },
  rowHead: { ...wrappingRow, gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflowWrap: 'anywhere', minWidth: 0 },
});

/** One card of the page: a heading, its rows or what to say when there are none. */
function DashCard({
  id,
  title,
  children,
  footer,
}: {
  id: string;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="region" aria-labelledby={`${id}-title`}>
      <Text as="h2" id={`${id}-title`} size={500} weight="semibold" className={styles.heading}>
        {title}
      </Text>
      {children}
      {footer}
    </Card>
  );
}

function WorkRow({ item }: { item: TodoItem }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <Badge appearance="tint" size="small">
          {t(`dashboard:mine.kinds.${item.kind}`)}
        </Badge>
        <RouterLink to={item.link}>
          <span className={styles.name}>{item.name}</span>
        </RouterLink>
      </div>
      <Text size={200} className={styles.muted}>
        {item.is_overdue && (
          <Badge appearance="filled" color="danger" size="small">
            {t('dashboard:mine.overdue')}
          </Badge>
        )}{' '}
        {item.expired_at
          ? t('dashboard:mine.due_on', { date: formatDate(item.expired_at) })
          : t('dashboard:mine.no_due_date')}{' '}
        · {t('dashboard:mine.in_workspace', { workspace: item.workspace_name })}
      </Text>
    </li>
  );
}

function Empty({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <Text className={styles.muted}>{children}</Text>;
}

/** A card's list of rows, or its words for none. */
function RowList<T>({
  items,
  empty,
  row,
  testId,
}: {
  items: T[];
  empty: string;
  row: (item: T) => ReactNode;
  testId?: string;
}) {
  const styles = useStyles();
  if (items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className={styles.list} data-testid={testId}>
      {items.map(row)}
    </ul>
  );
}

function Cards({ data }: { data: PersonalDashboard }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const more = data.due_total - data.due.length;
  return (
    <div className={styles.grid}>
      <DashCard
        id="dash-due"
        title={t('dashboard:mine.due')}
        footer={
          more > 0 && (
            <RouterLink to="/workspaces">
              {t('dashboard:mine.due_more', { count: more })}
            </RouterLink>
          )
        }
      >
        <RowList
          items={data.due}
          empty={t('dashboard:mine.due_empty')}
          testId="dashboard-due"
          row={(item) => <WorkRow key={`${item.kind}-${item.id}`} item={item} />}
        />
      </DashCard>

      <DashCard
        id="dash-work"
        title={t('dashboard:mine.my_work')}
        footer={<RouterLink to="/workspaces">{t('app:titles.workspaces')}</RouterLink>}
      >
        <RowList
          items={data.my_work}
          empty={t('dashboard:mine.my_work_empty')}
          row={(entry) => (
            <li key={entry.workspace_id} className={styles.row}>
              <RouterLink to={entry.link}>
                <span className={styles.name}>{entry.workspace_name}</span>
              </RouterLink>
              <Text size={200} className={styles.muted}>
                {t('dashboard:mine.my_work_counts', { count: entry.to_do })}
                {entry.overdue > 0 &&
                  ` · ${t('dashboard:mine.overdue_count', { count: entry.overdue })}`}
              </Text>
            </li>
          )}
        />
      </DashCard>

      <DashCard id="dash-okrs" title={t('dashboard:mine.objectives')}>
        <RowList
          items={data.objectives}
          empty={t('dashboard:mine.objectives_empty')}
          row={(objective) => (
            <li key={objective.id} className={styles.row}>
              <div className={styles.rowHead}>
                <RouterLink to={objective.link}>
                  <span className={styles.name}>{objective.name}</span>
                </RouterLink>
                {objective.status && (
                  <Badge appearance="outline" size="small">
                    {t(`dashboard:okr_status.${objective.status}`)}
                  </Badge>
                )}
              </div>
              <ProgressBar
                value={objective.progress / 100}
                thickness="large"
                aria-label={t('dashboard:mine.progress', { percent: objective.progress })}
              />
              <Text size={200} className={styles.muted}>
                {t('dashboard:mine.progress', { percent: objective.progress })} ·{' '}
                {objective.workspace_name}
              </Text>
            </li>
          )}
        />
      </DashCard>

      <DashCard id="dash-assessments" title={t('dashboard:mine.assessments')}>
        <RowList
          items={data.assessments}
          empty={t('dashboard:mine.assessments_empty')}
          row={(item) => <WorkRow key={item.id} item={item} />}
        />
      </DashCard>

      <DashCard
        id="dash-messages"
        title={t('dashboard:mine.messages')}
        footer={<RouterLink to="/messages">{t('dashboard:mine.open_messages')}</RouterLink>}
      >
        {data.unread_messages === 0 ? (
          <Empty>{t('dashboard:mine.no_unread_messages')}</Empty>
        ) : (
          <Text size={500} weight="semibold">
            {t('dashboard:mine.unread_messages', { count: data.unread_messages })}
          </Text>
        )}
      </DashCard>

      <DashCard
        id="dash-notifications"
        title={t('dashboard:mine.notifications')}
        footer={<RouterLink to="/notification">{t('dashboard:mine.all_notifications')}</RouterLink>}
      >
        {data.unread_notifications > 0 && (
          <Badge appearance="tint" color="brand">
            {t('dashboard:mine.unread_notifications', { count: data.unread_notifications })}
          </Badge>
        )}
        <RowList
          items={data.notifications}
          empty={t('dashboard:mine.notifications_empty')}
          row={(item) => (
            <li key={item.id} className={styles.row}>
              {item.link ? (
                <RouterLink to={item.link}>
                  <span className={styles.name}>{notificationText(t, item)}</span>
                </RouterLink>
              ) : (
                <Text className={styles.name}>{notificationText(t, item)}</Text>
              )}
              <Text size={200} className={styles.muted}>
                {formatDateTime(item.created_at)}
              </Text>
            </li>
          )}
        />
      </DashCard>
    </div>
  );
}

function Loading() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.grid} aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className={styles.card}>
          <Skeleton aria-label={t('dashboard:loading')}>
            <SkeletonItem size={24} style={{ width: '50%' }} />
            <SkeletonItem size={16} style={{ marginTop: 12 }} />
            <SkeletonItem size={16} style={{ marginTop: 8 }} />
          </Skeleton>
        </Card>
      ))}
    </div>
  );
}

/**
 * /dashboard (spec 2.1, 7.16): what needs the person, across their workspaces. Every row opens
 * its record. The privacy acceptance stays in the guard.
 */
export default function DashboardPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const user = useSignedInUser();
  const dashboard = useQuery({ queryKey: dashboardKeys.mine, queryFn: dashboardApi.mine });
  return (
    <div className={styles.root}>
      <div className={styles.intro}>
        <Text as="h1" size={700} weight="semibold" className={styles.heading}>
          {t('app:dashboard.welcome', { name: user.first_name || user.name || user.email })}
        </Text>
        <Text className={styles.muted}>{t('dashboard:mine.intro')}</Text>
      </div>
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <EmptyState
          icon={<ErrorCircleRegular />}
          title={t('dashboard:mine.error')}
          actions={
            <Button appearance="primary" onClick={() => void dashboard.refetch()}>
              {t('dashboard:mine.retry')}
            </Button>
          }
        />
      ) : (
        <Cards data={dashboard.data} />
      )}
    </div>
  );
}
