import {
  Button,
  makeStyles,
  Tab,
  TabList,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  LinkRegular,
  LockClosedRegular,
  LockOpenRegular,
  OpenRegular,
} from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useConfirm } from '@/components/ConfirmDialog';
import { RouterLink } from '@/components/RouterLink';
import { useWorkspace } from '@/features/workspaces';
import { notify } from '@/lib/notify';
import { recruitApi, type Job } from '../api';
import { JobDetails } from '../components/JobDetails';
import { JobStatusBadge } from '../components/JobStatusBadge';
import { LoadingOrError } from '../components/PageStates';
import { PipelineBoard } from '../components/PipelineBoard';
import { ScreeningTable } from '../components/ScreeningTable';
import { useJob, useRecruitRefresh } from '../hooks';
import { publicLink } from '../recruit-view';
import { column, wrappingRow } from '@/lib/styles';

const VIEWS = ['pipeline', 'screening', 'details'] as const;
type View = (typeof VIEWS)[number];

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM, minWidth: 0 },
  back: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  head: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  title: { margin: 0, overflowWrap: 'anywhere', minWidth: 0 },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    marginLeft: 'auto',
  },
});

function JobActions({ job }: { job: Job }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const refresh = useRecruitRefresh();
  const [confirm, confirmDialog] = useConfirm();
  const link = publicLink(job.public_path);
  const status = useMutation({
    mutationFn: (next: 'open' | 'closed') => recruitApi.changeStatus(job.id, next),
    onSettled: refresh,
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify({ intent: 'success', text: t('recruit:position.link_copied') });
    } catch {
      notify({ intent: 'info', text: link, timeout: 15_000 });
    }
  };
  const toggle = async () => {
    if (job.status === 'open') {
      const agreed = await confirm({
        title: t('recruit:position.close_title'),
        message: t('recruit:position.close_message'),
        confirmLabel: t('recruit:position.close'),
      });
      if (!agreed) return;
    }
    status.mutate(job.status === 'open' ? 'closed' : 'open');
  };
  return (
    <div className={styles.actions}>
      <Tooltip content={link} relationship="description">
        <Button icon={<LinkRegular />} onClick={() => void copy()}>
          {t('recruit:position.copy_link')}
        </Button>
      </Tooltip>
      <Button
        as="a"
        href={job.public_path}
        target="_blank"
        rel="noreferrer"
        icon={<OpenRegular />}
        appearance="subtle"
      >
        {t('recruit:position.view_public')}
      </Button>
      {job.abilities.manage && (
        <Button
          icon={job.status === 'open' ? <LockClosedRegular /> : <LockOpenRegular />}
          disabled={status.isPending}
          onClick={() => void toggle()}
        >
          {job.status === 'open' ? t('recruit:position.close') : t('recruit:position.reopen')}
        </Button>
      )}
      {confirmDialog}
    </div>
  );
}

/** One job: its pipeline board, the screening by skills, and its details (spec 7.7). */
export default function JobPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.job);
  const view: View = VIEWS.includes(params.view as View) ? (params.view as View) : 'pipeline';
  const job = useJob(id);
  const base = `/workspaces/${workspace.id}/talent-pool`;

  const back = (
    <RouterLink to={base} className={styles.back}>
      <ArrowLeftRegular aria-hidden />
      {t('recruit:page.all_jobs')}
    </RouterLink>
  );
  if (!job.isSuccess)
    return (
      <div className={styles.root}>
        {back}
        <LoadingOrError query={job} rows={4} label={t('recruit:page.loading_job')} />
      </div>
    );
  const data = job.data;
  return (
    <div className={styles.root}>
      {back}
      <div className={styles.head}>
        <Text as="h2" size={500} weight="semibold" className={styles.title}>
          {data.title}
        </Text>
        <JobStatusBadge job={data} />
        <JobActions job={data} />
      </div>
      <TabList
        selectedValue={view}
        aria-label={t('recruit:page.job_views')}
        onTabSelect={(_event, tab) =>
          navigate(
            tab.value === 'pipeline'
              ? `${base}/jobs/${id}`
              : `${base}/jobs/${id}/${String(tab.value)}`,
          )
        }
      >
        {VIEWS.map((value) => (
          <Tab key={value} value={value}>
            {t(`recruit:page.views.${value}`)}
          </Tab>
        ))}
      </TabList>
      {view === 'pipeline' && <PipelineBoard job={data} workspaceId={workspace.id} />}
      {view === 'screening' && <ScreeningTable job={data} workspaceId={workspace.id} />}
      {view === 'details' && <JobDetails job={data} workspaceId={workspace.id} />}
    </div>
  );
}
