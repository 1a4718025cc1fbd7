import { Badge, Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationEndpoints } from '@contracts/endpoints/notifications';
import { taskEndpoints } from '@contracts/endpoints/tasks';
import { workspaceEndpoints } from '@contracts/endpoints/workspaces';
import { PlainTable } from '@/components/PlainTable';
import { RouterLink } from '@/components/RouterLink';
import { api } from '@/lib/http';
import { dashboardApi } from './api';
import { pageColumn, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...pageColumn, maxWidth: '900px', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  tableWrap: { overflowX: 'auto' },
  actions: { ...wrappingRow, gap: tokens.spacingHorizontalM },
});

/** The dashboard's figures, and the same figures read from each list they summarise. */
async function check() {
  const [dashboard, todo, menu, unread] = await Promise.all([
    dashboardApi.mine(),
    api.call(taskEndpoints.todo, { query: {} }),
    api.call(workspaceEndpoints.coreMenu),
    api.call(notificationEndpoints.unread),
  ]);
  const items = todo.items;
  return [
    {
      key: 'due',
      dashboard: dashboard.due_total,
      source: items.filter((i) => i.expired_at !== null).length,
      link: '/workspaces',
    },
    {
      key: 'overdue',
      dashboard: dashboard.my_work.reduce((sum, w) => sum + w.overdue, 0),
      source: items.filter((i) => i.is_overdue).length,
      link: '/workspaces',
    },
    {
      key: 'assessments',
      dashboard: dashboard.assessments.length,
      source: items.filter((i) => i.kind === 'answer').length,
      link: '/workspaces',
    },
    {
      key: 'unread_messages',
      dashboard: dashboard.unread_messages,
      source: menu.new_messages_count,
      link: '/messages',
    },
    {
      key: 'unread_notifications',
      dashboard: dashboard.unread_notifications,
      source: unread.unread_notifications,
      link: '/notification',
    },
  ];
}

/**
 * /dashboard/test (spec 2.1): the dashboard's test page. Each figure of the person's dashboard
 * is read again from the list it comes from (My work, the menu's counter, the inbox), live, and
 * the page says whether the two agree.
 */
export default function DashboardTestPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const rows = useQuery({ queryKey: ['dashboard', 'test'], queryFn: check, gcTime: 0 });
  return (
    <div className={styles.root}>
      <Text as="h1" size={700} weight="semibold">
        {t('dashboard:test.title')}
      </Text>
      <Text className={styles.muted}>{t('dashboard:test.intro')}</Text>
      {rows.isPending ? (
        <Spinner label={t('app:loading')} />
      ) : rows.isError ? (
        <Text>{t('dashboard:mine.error')}</Text>
      ) : (
        <div className={styles.tableWrap}>
          <PlainTable
            label={t('dashboard:test.title')}
            items={rows.data}
            rowKey={(row) => row.key}
            rowProps={(row) => ({ 'data-testid': `check-${row.key}` })}
            columns={[
              {
                id: 'figure',
                label: t('dashboard:test.figure'),
                render: (row) => (
                  <RouterLink to={row.link}>{t(`dashboard:test.${row.key}`)}</RouterLink>
                ),
              },
              {
                id: 'dashboard',
                label: t('dashboard:test.dashboard'),
                render: (row) => row.dashboard,
              },
              { id: 'source', label: t('dashboard:test.source'), render: (row) => row.source },
              {
                id: 'verdict',
                render: (row) =>
                  row.dashboard === row.source ? (
                    <Badge color="success">{t('dashboard:test.agrees')}</Badge>
                  ) : (
                    <Badge color="danger">{t('dashboard:test.differs')}</Badge>
                  ),
              },
            ]}
          />
        </div>
      )}
      <div className={styles.actions}>
        <Button onClick={() => void rows.refetch()} disabled={rows.isFetching}>
          {t('dashboard:test.recheck')}
        </Button>
        <RouterLink to="/dashboard">{t('dashboard:test.back')}</RouterLink>
      </div>
    </div>
  );
}
