import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, BriefcaseRegular, PeopleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { RouterLink } from '@/components/RouterLink';
import { useWorkspace } from '@/features/workspaces';
import { formatDate } from '@/lib/format';
import { JobStatusBadge } from '../components/JobStatusBadge';
import { NewJobDialog } from '../components/NewJobDialog';
import { LoadingOrError } from '../components/PageStates';
import { useJobs } from '../hooks';
import { columnList, column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM, minWidth: 0 },
  head: {
    ...wrappingRow,
    gap: tokens.spacingHorizontalM,
    '& > h2': { margin: 0, flexGrow: 1 },
  },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  card: { minWidth: 0 },
  cardHead: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  title: {
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
    minWidth: 0,
  },
  meta: { ...wrappingRow, gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
  count: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/** The recruit workspace's jobs, newest first, and a new one from its description. */
export default function JobsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const jobs = useJobs(workspace.id);
  const [creating, setCreating] = useState(false);
  const canCreate = workspace.role === 'owner' || workspace.role === 'admin';
  const list = jobs.data?.data ?? [];

  const newJob = canCreate && (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
      {t('recruit:page.new_job')}
    </Button>
  );

  let body;
  if (!jobs.isSuccess)
    body = <LoadingOrError query={jobs} label={t('recruit:page.loading_jobs')} />;
  else if (list.length === 0)
    body = (
      <EmptyState
        icon={<BriefcaseRegular />}
        title={t('recruit:page.no_jobs')}
        description={t(canCreate ? 'recruit:page.no_jobs_hint' : 'recruit:page.no_jobs_member')}
        actions={newJob}
      />
    );
  else
    body = (
      <ul className={styles.list} aria-label={t('recruit:page.jobs')}>
        {list.map((job) => (
          <li key={job.id}>
            <Card className={styles.card} data-testid="recruit-job">
              <div className={styles.cardHead}>
                <RouterLink
                  to={`/workspaces/${workspace.id}/talent-pool/jobs/${job.id}`}
                  className={styles.title}
                >
                  {job.title}
                </RouterLink>
                <JobStatusBadge job={job} />
              </div>
              <div className={styles.meta}>
                <Text size={200} className={styles.count}>
                  <PeopleRegular aria-hidden />
                  {t('recruit:page.candidate_count', { count: job.candidate_count })}
                </Text>
                <Text size={200}>
                  {t('recruit:page.created_on', { date: formatDate(job.created_at) })}
                </Text>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Text as="h2" size={500} weight="semibold">
          {t('recruit:page.jobs')}
        </Text>
        {list.length > 0 && newJob}
      </div>
      {body}
      {canCreate && (
        <NewJobDialog
          workspaceId={workspace.id}
          open={creating}
          onClose={() => setCreating(false)}
        />
      )}
    </div>
  );
}
