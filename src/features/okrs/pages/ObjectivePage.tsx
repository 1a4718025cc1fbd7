import { Badge, Button, Card, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  AddRegular,
  ArchiveRegular,
  ArrowUndoRegular,
  CheckmarkCircleRegular,
  DeleteRegular,
  EditRegular,
  LinkRegular,
  PinOffRegular,
  PinRegular,
} from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { KeyResult, Objective } from '@contracts/okrs';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { formatDate, formatDateTime } from '@/lib/format';
import type { ApiError } from '@/lib/http';
import { okrsApi } from '../api';
import { okrKeys } from '../keys';
import { AlignDialog } from '../components/AlignDialog';
import { CheckInDialog } from '../components/CheckInDialog';
import { HistoryChart } from '../components/HistoryChart';
import { KeyResultDialog } from '../components/KeyResultDialog';
import { ObjectiveFormDialog } from '../components/ObjectiveForm';
import {
  BackToObjectives,
  CheckInStatusBadge,
  objectiveLink,
  Progress,
  useOkrMutation,
  usePersonalPins,
  useStatusReason,
  useWorkspaceId,
} from '../components/ObjectiveBits';
import { ShareButton } from '@/features/share';
import { SimpleDialog } from '@/components/SimpleDialog';
import { cellGrid, column, pageColumn, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  root: { ...pageColumn, minWidth: 0 },
  head: { ...column, gap: tokens.spacingVerticalS },
  row: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  title: { overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { ...column, gap: tokens.spacingVerticalM },
  sectionHead: { ...wrappingRow, justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  keyResults: { ...cellGrid('340px'), gap: tokens.spacingHorizontalM },
  card: { gap: tokens.spacingVerticalS, minWidth: 0 },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  progress: { maxWidth: '480px' },
});

const number = (value: number) => Number(value.toFixed(4)).toLocaleString();

function KeyResultCard({ keyResult }: { keyResult: KeyResult }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [checkingIn, setCheckingIn] = useState(false);
  const [editing, setEditing] = useState(false);
  const tracking = useQuery({
    queryKey: okrKeys.tracking(keyResult.id),
    queryFn: () => okrsApi.tracking(keyResult.id),
  });
  const remove = useOkrMutation(() => okrsApi.removeKeyResult(keyResult.id));
  const unit = keyResult.unit ? ` ${keyResult.unit}` : '';
  const values =
    keyResult.kind === 'done'
      ? t(keyResult.current_value >= 1 ? 'okrs:kr.done' : 'okrs:kr.not_done')
      : t('okrs:kr.values', {
          current: `${number(keyResult.current_value)}${unit}`,
          target: `${number(keyResult.target_value)}${unit}`,
          start: `${number(keyResult.start_value)}${unit}`,
        });
  return (
    <Card className={styles.card} data-key-result={keyResult.id}>
      <Text weight="semibold" className={styles.title}>
        {keyResult.name}
      </Text>
      <div className={styles.row}>
        <Badge appearance="outline">{t(`okrs:kinds.${keyResult.kind}`)}</Badge>
        <CheckInStatusBadge status={keyResult.status} />
        {keyResult.confidence !== null && (
          <Text size={200} className={styles.muted}>
            {t('okrs:kr.confidence', { value: keyResult.confidence })}
          </Text>
        )}
      </div>
      <Text size={200}>{values}</Text>
      <Progress
        value={keyResult.progress}
        label={t('okrs:progress_of', { name: keyResult.name })}
      />
      <Text size={200} className={styles.muted}>
        {t('okrs:kr.weight', { weight: keyResult.weight })}
        {keyResult.owners.length > 0 && ` · ${keyResult.owners.map((p) => p.name).join(', ')}`}
        {keyResult.last_check_in_at &&
          ` · ${t('okrs:kr.last_check_in', { when: formatDateTime(keyResult.last_check_in_at) })}`}
      </Text>
      {keyResult.progress_from_tasks && (
        <Text size={200} className={styles.muted}>
          {t('okrs:kr.from_tasks')}
        </Text>
      )}
      <Text size={200} weight="semibold">
        {t('okrs:chart.title')}
      </Text>
      {tracking.data ? (
        <HistoryChart name={keyResult.name} history={tracking.data.tracking} />
      ) : tracking.isError ? (
        <Text size={200}>{t('okrs:page.error')}</Text>
      ) : (
        <Spinner size="tiny" aria-label={t('app:loading')} />
      )}
      {keyResult.tasks.length > 0 && (
        <>
          <Text size={200} weight="semibold">
            {t('okrs:kr.tasks')}
          </Text>
          <ul className={styles.list}>
            {keyResult.tasks.map((task) => (
              <li key={task.id}>
                <RouterLink to={`/workspaces/${keyResult.workspace_id}/tasks/${task.id}/info`}>
                  {task.name}
                </RouterLink>{' '}
                <Text size={200} className={styles.muted}>
                  ({t(`okrs:kr.task_status.${task.status}`)})
                </Text>
              </li>
            ))}
          </ul>
        </>
      )}
      <FormAlert error={remove.error as ApiError | null} />
      <div className={styles.row}>
        {keyResult.abilities.check_in && (
          <Button appearance="primary" onClick={() => setCheckingIn(true)}>
            {t('okrs:actions.check_in')}
          </Button>
        )}
        {keyResult.abilities.update && (
          <Button icon={<EditRegular />} onClick={() => setEditing(true)}>
            {t('okrs:actions.edit_key_result')}
          </Button>
        )}
        {keyResult.abilities.delete && (
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            onClick={() => remove.mutate(undefined)}
            disabled={remove.isPending}
          >
            {t('okrs:actions.delete_key_result')}
          </Button>
        )}
      </div>
      {checkingIn && <CheckInDialog keyResult={keyResult} onClose={() => setCheckingIn(false)} />}
      {editing && (
        <KeyResultDialog
          objectiveId={keyResult.objective_id}
          keyResult={keyResult}
          onClose={() => setEditing(false)}
        />
      )}
    </Card>
  );
}

/** A part of the objective's page under its own heading, with the part's button beside it. */
function HeadedSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <Text as="h2" size={500} weight="semibold" id={id}>
          {title}
        </Text>
        {action}
      </div>
      {children}
    </section>
  );
}

function Alignments({ objective }: { objective: Objective }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [aligning, setAligning] = useState(false);
  const unalign = useOkrMutation((id: number) => okrsApi.unalign(id));
  const w = objective.workspace_id;
  return (
    <HeadedSection
      id="alignments-title"
      title={t('okrs:align.section')}
      action={
        objective.abilities.align && (
          <Button icon={<LinkRegular />} onClick={() => setAligning(true)}>
            {t('okrs:align.open')}
          </Button>
        )
      }
    >
      <FormAlert error={unalign.error as ApiError | null} />
      <Text weight="semibold">{t('okrs:align.under')}</Text>
      {objective.alignments.length === 0 ? (
        <Text className={styles.muted}>{t('okrs:align.none_up')}</Text>
      ) : (
        <ul className={styles.list}>
          {objective.alignments.map((a) => (
            <li key={a.id} className={styles.row} data-alignment={a.id}>
              {a.parent_objective && (
                <RouterLink to={objectiveLink(w, a.parent_objective.id)}>
                  {a.parent_objective.name}
                </RouterLink>
              )}
              {a.parent_key_result && (
                <RouterLink to={objectiveLink(w, a.parent_key_result.objective_id)}>
                  {t('okrs:align.key_result_name', { name: a.parent_key_result.name })}
                </RouterLink>
              )}
              <Text size={200} className={styles.muted}>
                {t('okrs:tree.weight', { weight: a.weight })}
              </Text>
              {objective.abilities.align && (
                <Button
                  size="small"
                  appearance="subtle"
                  onClick={() => unalign.mutate(a.id)}
                  disabled={unalign.isPending}
                >
                  {t('okrs:align.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Text weight="semibold">{t('okrs:align.children')}</Text>
      {objective.aligned_children.length === 0 ? (
        <Text className={styles.muted}>{t('okrs:align.none_down')}</Text>
      ) : (
        <ul className={styles.list}>
          {objective.aligned_children.map((a) => (
            <li key={a.id}>
              <RouterLink to={objectiveLink(w, a.objective.id)}>{a.objective.name}</RouterLink>
              {a.parent_key_result && (
                <Text size={200} className={styles.muted}>
                  {' '}
                  {t('okrs:align.via', { name: a.parent_key_result.name })}
                </Text>
              )}
            </li>
          ))}
        </ul>
      )}
      {aligning && <AlignDialog objective={objective} onClose={() => setAligning(false)} />}
    </HeadedSection>
  );
}

function Actions({ objective }: { objective: Objective }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const [editing, setEditing] = useState(false);
  const pins = usePersonalPins(objective.workspace_id);
  const pinned = pins.isPinned(objective.id);
  const move = useOkrMutation((action: 'open' | 'close' | 'archive' | 'restore') =>
    okrsApi.transition(objective.id, action),
  );
  const remove = useOkrMutation(() => okrsApi.remove(objective.id));
  const a = objective.abilities;
  return (
    <>
      <FormAlert error={(move.error ?? remove.error) as ApiError | null} />
      <div className={styles.row}>
        {a.update && (
          <Button icon={<EditRegular />} onClick={() => setEditing(true)}>
            {t('okrs:actions.edit')}
          </Button>
        )}
        <Button
          icon={pinned ? <PinOffRegular /> : <PinRegular />}
          aria-pressed={pinned}
          disabled={!pins.ready || pins.saving}
          onClick={() => pins.toggle(objective.id)}
        >
          {pinned ? t('okrs:actions.unpin') : t('okrs:actions.pin')}
        </Button>
        {a.close && (
          <Button icon={<CheckmarkCircleRegular />} onClick={() => move.mutate('close')}>
            {t('okrs:actions.close')}
          </Button>
        )}
        {a.open && (
          <Button icon={<ArrowUndoRegular />} onClick={() => move.mutate('open')}>
            {t('okrs:actions.open')}
          </Button>
        )}
        {a.archive && (
          <Button icon={<ArchiveRegular />} onClick={() => move.mutate('archive')}>
            {t('okrs:actions.archive')}
          </Button>
        )}
        {a.restore && (
          <Button icon={<ArrowUndoRegular />} onClick={() => move.mutate('restore')}>
            {t('okrs:actions.restore')}
          </Button>
        )}
        {a.delete && (
          <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setConfirm(true)}>
            {t('okrs:actions.delete')}
          </Button>
        )}
      </div>
      {editing && (
        <ObjectiveFormDialog
          workspaceId={objective.workspace_id}
          objective={objective}
          onClose={() => setEditing(false)}
        />
      )}
      <SimpleDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t('okrs:delete.title')}
        actions={
          <>
            <Button onClick={() => setConfirm(false)}>{t('okrs:actions.cancel')}</Button>
            <Button
              appearance="primary"
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => navigate(`/workspaces/${objective.workspace_id}/objectives`),
                })
              }
            >
              {t('okrs:actions.delete')}
            </Button>
          </>
        }
      >
        {t('okrs:delete.body', { name: objective.name })}
      </SimpleDialog>
    </>
  );
}

/** One objective: its progress and status, key results with their history, and alignments. */
export default function ObjectivePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const workspaceId = useWorkspaceId();
  const id = Number(useParams().id);
  const [adding, setAdding] = useState(false);
  const statusReason = useStatusReason();
  const query = useQuery({ queryKey: okrKeys.one(id), queryFn: () => okrsApi.one(id) });
  if (query.isError) {
    return (
      <EmptyState
        title={t('okrs:page.not_found')}
        actions={
          <RouterButton to={`/workspaces/${workspaceId}/objectives`}>
            {t('okrs:page.back')}
          </RouterButton>
        }
      />
    );
  }
  if (!query.data) return <Spinner label={t('okrs:page.loading')} />;
  const objective = query.data;
  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <div>
          <BackToObjectives />
        </div>
        <Text as="h2" size={600} weight="semibold" className={styles.title}>
          {objective.name}
        </Text>
        <div className={styles.row}>
          <Badge appearance="outline">{t(`okrs:lists.${objective.status}`)}</Badge>
          <span data-testid="objective-status">
            <CheckInStatusBadge status={objective.derived_status} />
          </span>
          <Text size={200} data-testid="objective-status-reason">
            {statusReason(objective.derived_status, objective.key_results)}
          </Text>
          {objective.org_position && (
            <Badge appearance="tint" color="informative">
              {objective.org_position.name}
            </Badge>
          )}
          {objective.tags.map((tag) => (
            <Badge key={tag.id} appearance="tint">
              {tag.name}
            </Badge>
          ))}
        </div>
        <div
          className={styles.progress}
          data-testid="objective-progress"
          data-value={objective.progress}
        >
          <Progress
            value={objective.progress}
            label={t('okrs:progress_of', { name: objective.name })}
          />
        </div>
        {objective.description && <Text>{objective.description}</Text>}
        <Text size={200} className={styles.muted}>
          {[
            objective.owners.length
              ? t('okrs:detail.owners', { names: objective.owners.map((p) => p.name).join(', ') })
              : null,
            objective.started_at || objective.ended_at
              ? t('okrs:detail.period', {
                  start: objective.started_at ? formatDate(objective.started_at) : '…',
                  end: objective.ended_at ? formatDate(objective.ended_at) : '…',
                })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <ShareButton
          record={{ workspace: objective.workspace_id, type: 'objective', id: objective.id }}
          name={objective.name}
        />
        <Actions objective={objective} />
      </div>
      <HeadedSection
        id="key-results-title"
        title={t('okrs:fields.key_results')}
        action={
          objective.abilities.add_key_result && (
            <Button icon={<AddRegular />} onClick={() => setAdding(true)}>
              {t('okrs:actions.add_key_result')}
            </Button>
          )
        }
      >
        {objective.key_results.length === 0 ? (
          <Text className={styles.muted}>{t('okrs:detail.no_key_results')}</Text>
        ) : (
          <div className={styles.keyResults}>
            {objective.key_results.map((kr) => (
              <KeyResultCard key={kr.id} keyResult={kr} />
            ))}
          </div>
        )}
      </HeadedSection>
      <Alignments objective={objective} />
      {adding && <KeyResultDialog objectiveId={objective.id} onClose={() => setAdding(false)} />}
    </div>
  );
}
