import { Card, CardHeader, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { NumberOfWorks } from '@contracts/workspaces';
import { RouterLink } from '@/components/RouterLink';
import { WorkspaceFigures } from '@/features/dashboard';
import { formatDate } from '@/lib/format';
import { workspacesApi } from '../api';
import { workspaceKeys } from '../keys';
import { useWorkspace } from './use-workspace';
import { column, tileGrid } from '@/lib/styles';

const useStyles = makeStyles({
  root: {
    ...column,
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  counts: {
    ...tileGrid('200px'),
    gap: tokens.spacingHorizontalM,
  },
  numbers: { display: 'flex', gap: tokens.spacingHorizontalL },
  number: {
    ...column,
    // A tap target of its own on a phone (the number and its word are one link).
    minWidth: '44px',
    minHeight: '44px',
    textDecorationLine: 'none',
  },
});

/** The list each count is read from: the list's own page, on the list of that status. */
const LIST_OF: Record<keyof NumberOfWorks, string> = {
  tasks: 'tasks',
  objectives: 'objectives',
  assessments: 'assessments',
};

/**
 * The workspace's overview: what it is, when it runs, and how much work is in it. Every count
 * opens the list it counts (issue 28: every list one click away).
 */
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
  const base = `/workspaces/${workspace.id}`;
  return (
    <div className={styles.root}>
      {workspace.description && <Text>{workspace.description}</Text>}
      <Text>
        {dated && `${t('workspaces:dashboard.runs', { start: dates[0], end: dates[1] })} · `}
        <RouterLink to={`${base}/people`}>
          {t('workspaces:list.members_count', { count: workspace.members_count })}
        </RouterLink>
      </Text>
      {works.isPending ? (
        <Spinner size="small" aria-label={t('app:loading')} />
      ) : (
        <div className={styles.counts}>
          {(Object.keys(works.data ?? {}) as (keyof NumberOfWorks)[]).map((kind) => (
            <Card key={kind}>
              <CardHeader
                header={
                  <RouterLink to={`${base}/${LIST_OF[kind]}`}>
                    <Text weight="semibold">{t(`workspaces:dashboard.${kind}`)}</Text>
                  </RouterLink>
                }
              />
              <div className={styles.numbers}>
                {(['open', 'closed', 'archived'] as const).map((status) => {
                  const count = works.data?.[kind][status] ?? 0;
                  const word = t(`workspaces:statuses.${status}`);
                  return (
                    <RouterLink
                      key={status}
                      to={`${base}/${LIST_OF[kind]}?status=${status}`}
                      className={styles.number}
                      aria-label={t('workspaces:dashboard.count_link', {
                        kind: t(`workspaces:dashboard.${kind}`),
                        status: word,
                        count,
                      })}
                    >
                      <Text size={600} weight="semibold">
                        {count}
                      </Text>{' '}
                      {/* A space: the link's words read "3 Open", as its name has them. */}
                      <Text size={200}>{word}</Text>
                    </RouterLink>
                  );
                })}
              </div>
            </Card>
          ))}
        </div>
      )}
      {/* The figures are for those who run the workspace (the API refuses anyone else). */}
      {workspace.abilities.view_member_reports && (
        <Suspense fallback={<Spinner size="small" aria-label={t('app:loading')} />}>
          <WorkspaceFigures workspaceId={workspace.id} />
        </Suspense>
      )}
    </div>
  );
}
