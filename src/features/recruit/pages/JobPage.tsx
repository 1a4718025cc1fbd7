import { Button, makeStyles, Tab, TabList, tokens, Tooltip } from '@fluentui/react-components';
import {
  LinkRegular,
  LockClosedRegular,
  LockOpenRegular,
  OpenRegular,
} from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useConfirm } from '@/components/ConfirmDialog';
import { useWorkspace } from '@/features/workspaces';
import { notify } from '@/lib/notify';
import { recruitApi, type Job } from '../api';
import { DetailHeading, DetailPage } from '../components/DetailPage';
import { JobDetails } from '../components/JobDetails';
import { JobStatusBadge } from '../components/JobStatusBadge';
import { PipelineBoard } from '../components/PipelineBoard';
import { ScreeningTable } from '../components/ScreeningTable';
import { useJob, useRecruitRefresh } from '../hooks';
import { publicLink } from '../recruit-view';

const VIEWS = ['pipeline', 'screening', 'details'] as const;
type View = (typeof VIEWS)[number];

const useStyles = makeStyles({
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
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.job);
  const view: View = VIEWS.includes(params.view as View) ? (params.view as View) : 'pipeline';
  const job = useJob(id);
  const base = `/workspaces/${workspace.id}/talent-pool`;

  return (
    <DetailPage
      back={{ to: base, label: t('recruit:page.all_jobs') }}
      query={job}
      rows={4}
      loading={t('recruit:page.loading_job')}
    >
      {(data) => (
        <>
          <DetailHeading title={data.title}>
            <JobStatusBadge job={data} />
            <JobActions job={data} />
          </DetailHeading>
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
        </>
      )}
    </DetailPage>
  );
}
