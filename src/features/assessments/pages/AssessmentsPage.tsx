import {
  Badge,
  Button,
  Card,
  makeStyles,
  MenuItem,
  ProgressBar,
  Text,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Assessment } from '@contracts/assessments';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { SectionCard } from '@/components/SectionCard';
import { formatDateTime } from '@/lib/format';
import { assessmentPath, assessmentsApi } from '../api';
import { assessmentKeys } from '../keys';
import { AnswerFlowDialog } from '../components/AnswerFlow';
import { AssessmentFormDialog } from '../components/AssessmentForm';
import { useAssessmentMutation, useWorkspaceId } from '../hooks';
import { useConfirm } from '@/components/ConfirmDialog';
import { ListStatusTabs } from '@/components/ListStatusTabs';
import { useListStatus } from '@/lib/list-status';
import { Busy } from '@/components/Busy';
import { column, wrappingRow, tileGrid } from '@/lib/styles';
import { ButtonMenu } from '@/components/ButtonMenu';
import { Notice } from '@/components/Notice';

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    marginRight: tokens.spacingHorizontalXS,
  },
  progress: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: '120px',
  },
  grid: {
    ...tileGrid('240px'),
    gap: tokens.spacingHorizontalM,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  card: { height: '100%' },
  actions: { ...wrappingRow, gap: tokens.spacingHorizontalXS },
});

function AssessmentName({ assessment }: { assessment: Assessment }) {
  const styles = useStyles();
  const workspaceId = useWorkspaceId();
  return (
    <Text>
      <span
        className={styles.swatch}
        style={{ backgroundColor: assessment.schema.color ?? tokens.colorBrandBackground }}
        aria-hidden
      />
      <RouterLink to={assessmentPath(workspaceId, assessment.id)} onClick={stop}>
        {assessment.name}
      </RouterLink>
    </Text>
  );
}

// Links and buttons inside a row do their own thing, not the row's.
const stop = (event: MouseEvent) => event.stopPropagation();

function RowActions({
  assessment,
  onAnswer,
  onEdit,
}: {
  assessment: Assessment;
  onAnswer: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const workspaceId = useWorkspaceId();
  const act = useAssessmentMutation((call: () => Promise<unknown>) => call());
  const [confirm, confirmDialog] = useConfirm();
  const id = assessment.id;
  const manage = assessment.permissions.manage;
  return (
    <div className={styles.actions}>
      {assessment.permissions.answer && (
        <Button
          size="small"
          appearance="primary"
          onClick={(event) => {
            stop(event);
            onAnswer();
          }}
        >
          {t('assessments:list.answer')}
        </Button>
      )}
      {(manage || assessment.released) && (
        <RouterButton size="small" to={assessmentPath(workspaceId, id)} onClick={stop}>
          {t('assessments:list.report')}
        </RouterButton>
      )}
      {manage && (
        <ButtonMenu
          onPopoverClick={(e) => e.stopPropagation()}
          trigger={
            <Button
              appearance="subtle"
              icon={<MoreHorizontalRegular />}
              aria-label={`${t('assessments:list.actions')}: ${assessment.name}`}
              onClick={(e) => e.stopPropagation()}
            />
          }
        >
          <MenuItem onClick={onEdit}>{t('assessments:list.edit')}</MenuItem>
          {manage && assessment.status === 'open' && (
            <MenuItem onClick={() => act.mutate(() => assessmentsApi.close(id))}>
              {t('assessments:list.close')}
            </MenuItem>
          )}
          {manage && assessment.status === 'closed' && (
            <MenuItem onClick={() => act.mutate(() => assessmentsApi.open(id))}>
              {t('assessments:list.open')}
            </MenuItem>
          )}
          {manage && assessment.status !== 'archived' && (
            <MenuItem onClick={() => act.mutate(() => assessmentsApi.archive(id))}>
              {t('assessments:list.archive')}
            </MenuItem>
          )}
          {manage && assessment.status === 'archived' && (
            <>
              <MenuItem onClick={() => act.mutate(() => assessmentsApi.restore(id, 'open'))}>
                {`${t('assessments:list.restore')}: ${t('assessments:statuses.open')}`}
              </MenuItem>
              <MenuItem onClick={() => act.mutate(() => assessmentsApi.restore(id, 'closed'))}>
                {`${t('assessments:list.restore')}: ${t('assessments:statuses.closed')}`}
              </MenuItem>
            </>
          )}
          {manage && (
            <MenuItem
              onClick={async () => {
                const agreed = await confirm({
                  message: t('assessments:list.delete_confirm'),
                  confirmLabel: t('assessments:list.delete'),
                });
                if (agreed) act.mutate(() => assessmentsApi.remove(id));
              }}
            >
              {t('assessments:list.delete')}
            </MenuItem>
          )}
        </ButtonMenu>
      )}
      {confirmDialog}
    </div>
  );
}

/**
 * The workspace's assessments (spec 2.6 "assessments", 4 "Assessment lists"): current,
 * previous and archived with their counts, in the assessment data table of 2.11.
 */
export default function AssessmentsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const workspaceId = useWorkspaceId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [status] = useListStatus();
  const [editing, setEditing] = useState<Assessment | 'new' | null>(null);
  const list = useQuery({
    queryKey: assessmentKeys.list(workspaceId, status),
    queryFn: () => assessmentsApi.list(workspaceId, status),
  });
  const workspace = useQuery({
    queryKey: assessmentKeys.workspace(workspaceId),
    queryFn: () => assessmentsApi.workspace(workspaceId),
  });
  const answerId = Number(params.get('answer')) || null;
  const answering = useQuery({
    queryKey: assessmentKeys.one(answerId ?? 0),
    queryFn: () => assessmentsApi.get(answerId!),
    enabled: answerId !== null,
  });
  const openAnswer = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('answer');
    else next.set('answer', String(id));
    setParams(next, { replace: true });
  };
  const canAdd =
    workspace.data?.status !== 'archived' &&
    Boolean(workspace.data?.abilities.view_assessment_report_by_owner);
  const counts = list.data?.counts;

  const columns: DataTableColumn<Assessment>[] = [
    {
      id: 'name',
      label: t('assessments:list.name'),
      alwaysShown: true,
      minWidth: '200px',
      render: (a) => <AssessmentName assessment={a} />,
    },
    {
      id: 'type',
      label: t('assessments:list.type'),
      render: (a) => t(`assessments:list.types.${a.type}`),
    },
    {
      id: 'status',
      label: t('assessments:list.status'),
      render: (a) => (
        <Badge appearance="tint" color={a.status === 'open' ? 'brand' : 'informative'}>
          {t(`assessments:statuses.${a.status}`)}
        </Badge>
      ),
    },
    {
      id: 'due_at',
      label: t('assessments:list.due_at'),
      render: (a) => (a.expired_at ? formatDateTime(a.expired_at) : t('assessments:list.no_due')),
    },
    {
      id: 'submitted_percentage',
      label: t('assessments:list.submitted_percentage'),
      render: (a) => (
        <div className={styles.progress}>
          <ProgressBar
            value={a.percentage / 100}
            aria-label={t('assessments:list.submitted_percentage')}
          />
          <Text>{a.percentage}%</Text>
        </div>
      ),
    },
    {
      id: 'created_by',
      label: t('assessments:list.created_by'),
      defaultHidden: true,
      render: (a) => a.created_by?.name ?? '',
    },
    {
      id: 'actions',
      label: t('assessments:list.actions'),
      alwaysShown: true,
      render: (a) => (
        <RowActions assessment={a} onAnswer={() => openAnswer(a.id)} onEdit={() => setEditing(a)} />
      ),
    },
  ];
  const open = (a: Assessment) =>
    a.permissions.answer ? openAnswer(a.id) : navigate(assessmentPath(workspaceId, a.id));

  return (
    <div className={styles.root}>
      <ListStatusTabs counts={counts} label={(value) => t(`assessments:statuses.${value}`)} />
      <SectionCard
        section="workspace-assessments"
        title={t('assessments:title')}
        count={list.data?.assessments.length}
        views={['list', 'grid']}
        defaultView="list"
        onAdd={canAdd ? () => setEditing('new') : undefined}
        addLabel={t('assessments:list.create')}
      >
        {(view) => {
          if (list.isError) {
            return <Notice intent="error">{t('assessments:list.load_failed')}</Notice>;
          }
          if (!list.data) return <Busy />;
          const items = list.data.assessments;
          if (items.length === 0) return <EmptyState title={t('assessments:list.empty')} />;
          if (view === 'grid') {
            return (
              <ul className={styles.grid} aria-label={t('assessments:title')}>
                {items.map((a) => (
                  <li key={a.id}>
                    <Card className={styles.card}>
                      <AssessmentName assessment={a} />
                      <Text size={200}>
                        {t(`assessments:statuses.${a.status}`)} ·{' '}
                        {t('assessments:list.submitted_percentage')} {a.percentage}%
                      </Text>
                      <RowActions
                        assessment={a}
                        onAnswer={() => openAnswer(a.id)}
                        onEdit={() => setEditing(a)}
                      />
                    </Card>
                  </li>
                ))}
              </ul>
            );
          }
          return (
            <DataTable
              tableId="assessments"
              label={t('assessments:title')}
              items={items}
              columns={columns}
              getRowId={(a) => a.id}
              onRowClick={open}
              emptyText={t('assessments:list.empty')}
            />
          );
        }}
      </SectionCard>
      {editing && (
        <AssessmentFormDialog
          workspaceId={workspaceId}
          assessment={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {answerId !== null && answering.data && (
        <AnswerFlowDialog assessment={answering.data} onClose={() => openAnswer(null)} />
      )}
    </div>
  );
}
