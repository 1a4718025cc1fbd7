import { Card, CardHeader, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NumberOfWorks } from '@contracts/workspaces';
import { formatDate } from '@/lib/format';
import { workspaceKeys, workspacesApi } from '../api';
import { useWorkspace } from './use-workspace';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  counts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  numbers: { display: 'flex', gap: tokens.spacingHorizontalL },
  number: { display: 'flex', flexDirection: 'column' },
});

/** The workspace's overview: what it is, when it runs, and how much work is in it. */
export default function WorkspaceDashboardPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const works = useQuery({
    queryKey: workspaceKeys.works(workspace.id),
    queryFn: () => workspacesApi.works(workspace.id),
  });
  const dated = workspace.start_date || workspace.end_date;
  const dates = [workspace.start_date, workspace.end_date].map((d) => (d ? formatDate(d) : '…'));
  return (
    <div className={styles.root}>
      {workspace.description && <Text>{workspace.description}</Text>}
      <Text>
        {dated && `${t('workspaces:dashboard.runs', { start: dates[0], end: dates[1] })} · `}
        {t('workspaces:list.members_count', { count: workspace.members_count })}
      </Text>
      {works.isPending ? (
        <Spinner size="small" />
      ) : (
        <div className={styles.counts}>
          {(Object.keys(works.data ?? {}) as (keyof NumberOfWorks)[]).map((kind) => (
            <Card key={kind}>
              <CardHeader
                header={<Text weight="semibold">{t(`workspaces:dashboard.${kind}`)}</Text>}
              />
              <div className={styles.numbers}>
                {(['open', 'closed', 'archived'] as const).map((status) => (
                  <span key={status} className={styles.number}>
                    <Text size={600} weight="semibold">
                      {works.data?.[kind][status] ?? 0}
                    </Text>
                    <Text size={200}>{t(`workspaces:statuses.${status}`)}</Text>
                  </span>
                ))}
              </div>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
