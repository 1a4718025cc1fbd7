import {
  Badge,
  Button,
  Card,
  makeStyles,
  MenuItem,
  mergeClasses,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowMoveRegular,
  ArrowUploadRegular,
  PeopleRegular,
  PersonAddRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { CV_UPLOAD_MAX_FILES, RECRUIT_STAGES } from '@contracts/recruit';
import { Board } from '@/components/Board';
import { EmptyState } from '@/components/EmptyState';
import { RouterLink } from '@/components/RouterLink';
import type { Job, JobCandidate, RecruitStage } from '../api';
import { useCvUploads, useJobCandidates, useMoveCandidate } from '../hooks';
import { groupByStage, stageLabel } from '../recruit-view';
import { AddMembersDialog } from './AddMembersDialog';
import { CvUploadPanel } from './CvUploadPanel';
import { DOCUMENT_TYPES } from './NewJobDialog';
import { LoadingOrError } from './PageStates';
import { column, wrappingRow } from '@/lib/styles';
import { ButtonMenu } from '@/components/ButtonMenu';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM, minWidth: 0 },
  tools: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3 },
  dropping: {
    outline: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}`,
    outlineOffset: '4px',
  },
  card: { ...column, gap: tokens.spacingVerticalXS },
  cardHead: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS },
  name: {
    flexGrow: 1,
    minWidth: 0,
    overflowWrap: 'anywhere',
    fontWeight: tokens.fontWeightSemibold,
  },
  meta: { ...wrappingRow, gap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground3 },
  email: { overflowWrap: 'anywhere', minWidth: 0 },
});

function CandidateCard({
  item,
  job,
  workspaceId,
  onMove,
}: {
  item: JobCandidate;
  job: Job;
  workspaceId: number;
  onMove: (stage: RecruitStage) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Card size="small" className={styles.card} data-testid="recruit-card" data-stage={item.stage}>
      <div className={styles.cardHead}>
        <RouterLink
          to={`/workspaces/${workspaceId}/talent-pool/candidates/${item.id}`}
          className={styles.name}
        >
          {item.candidate.name}
        </RouterLink>
        {job.abilities.move && (
          <ButtonMenu
            trigger={
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowMoveRegular />}
                aria-label={t('recruit:board.move_label', { name: item.candidate.name })}
              />
            }
          >
            {RECRUIT_STAGES.filter((stage) => stage !== item.stage).map((stage) => (
              <MenuItem key={stage} onClick={() => onMove(stage)}>
                {t('recruit:board.move_to', { stage: stageLabel(t, stage, job.stages) })}
              </MenuItem>
            ))}
          </ButtonMenu>
        )}
      </div>
      <div className={styles.meta}>
        <Badge
          appearance="tint"
          color={item.score >= 70 ? 'success' : item.score >= 40 ? 'warning' : 'subtle'}
        >
          {t('recruit:board.score', { score: item.score })}
        </Badge>
        <Text size={200}>{t(`recruit:candidate.sources.${item.candidate.source}`)}</Text>
      </div>
      {item.candidate.email && (
        <Text size={200} className={mergeClasses(styles.meta, styles.email)}>
          {item.candidate.email}
        </Text>
      )}
    </Card>
  );
}

/**
 * A job's pipeline: a column per stage, cards dragged between them (or moved with the card's
 * "Move to" menu from the keyboard); CVs dropped or chosen become candidates.
 */
export function PipelineBoard({ job, workspaceId }: { job: Job; workspaceId: number }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const candidates = useJobCandidates(job.id);
  const move = useMoveCandidate(job.id);
  const uploads = useCvUploads(job.id);
  const [adding, setAdding] = useState(false);
  const canAdd = job.abilities.manage;
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    noClick: true,
    noKeyboard: true,
    multiple: true,
    maxFiles: CV_UPLOAD_MAX_FILES,
    accept: DOCUMENT_TYPES,
    onDrop: (files) => canAdd && files.length > 0 && uploads.start(files),
  });

  const list = candidates.data ?? [];
  const groups = groupByStage(list);
  const onMove = (item: JobCandidate, stage: RecruitStage) => {
    if (item.stage !== stage) move.mutate({ id: item.id, stage });
  };

  let body;
  if (!candidates.isSuccess)
    body = <LoadingOrError query={candidates} rows={3} label={t('recruit:board.loading')} />;
  else
    body = (
      <>
        {list.length === 0 && (
          <EmptyState
            icon={<PeopleRegular />}
            title={t('recruit:board.empty')}
            description={t(canAdd ? 'recruit:board.empty_hint' : 'recruit:board.empty_member')}
            headingLevel={3}
          />
        )}
        <Board
          columns={RECRUIT_STAGES.map((stage) => ({
            id: stage,
            label: stageLabel(t, stage, job.stages),
            items: groups[stage],
          }))}
          keyOf={(item) => item.id}
          onMove={
            job.abilities.move ? (item, column) => onMove(item, column as RecruitStage) : undefined
          }
          renderCard={(item) => (
            <CandidateCard
              item={item}
              job={job}
              workspaceId={workspaceId}
              onMove={(stage) => onMove(item, stage)}
            />
          )}
        />
      </>
    );

  return (
    <div
      {...getRootProps({
        className: mergeClasses(styles.root, isDragActive && canAdd && styles.dropping),
      })}
    >
      <input {...getInputProps({ 'aria-label': t('recruit:board.upload_cvs') })} />
      {canAdd && (
        <div className={styles.tools}>
          <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={open}>
            {t('recruit:board.upload_cvs')}
          </Button>
          <Button icon={<PersonAddRegular />} onClick={() => setAdding(true)}>
            {t('recruit:board.add_members')}
          </Button>
        </div>
      )}
      {canAdd && (
        <Text size={200} className={styles.hint}>
          {t('recruit:board.drop_hint', { count: CV_UPLOAD_MAX_FILES })}
        </Text>
      )}
      <CvUploadPanel
        uploads={uploads.uploads}
        onCancel={uploads.cancel}
        onClear={uploads.clearFinished}
      />
      {body}
      {canAdd && (
        <AddMembersDialog
          jobId={job.id}
          workspaceId={workspaceId}
          existing={list}
          open={adding}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  );
}
