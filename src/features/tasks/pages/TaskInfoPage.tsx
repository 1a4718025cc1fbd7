import {
  Button,
  Card,
  CardHeader,
  makeStyles,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '@contracts/tasks';
import { EmptyState } from '@/components/EmptyState';
import { FormAlert } from '@/components/FormAlert';
import { RouterButton, RouterLink } from '@/components/RouterLink';
import { apiErrorOf, type ApiError } from '@/lib/http';
import { ModelChatButton } from '@/features/messages';
import { tasksApi, type TaskAction } from '../api';
import { taskKeys } from '../keys';
import { taskLink, useRoutedTask, useTaskMutation } from '../hooks';
import { Answers } from '../components/Answers';
import { ReviewPanel } from '../components/ReviewPanel';
import { SubmitDialog } from '../components/SubmitDialog';
import {
  ColorSwatch,
  DueDate,
  People,
  SubmittedPercentage,
  TaskStatusBadge,
  useTaskPageStyles,
  WorkStateBadge,
  WorkStatusBadge,
  assigneesOf,
} from '../components/TaskBits';
import { ShareButton } from '@/features/share';
import { TaskActions } from '../components/TaskActions';
import { TaskFormDialog } from '../components/TaskForm';
import { Timeline } from '../components/Timeline';
import { Busy } from '@/components/Busy';
import { columnList, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    alignItems: 'center',
  },
  label: { color: tokens.colorNeutralForeground3 },
  row: { ...wrappingRow, gap: tokens.spacingHorizontalS },
  description: { whiteSpace: 'pre-wrap' },
  list: { ...columnList, gap: tokens.spacingVerticalS },
  item: {
    listStyleType: 'none',
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
  },
});

/** The caller's own work: where it stands, the feedback, and the buttons to move it on. */
function MyWork({ task }: { task: Task }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [mode, setMode] = useState<'submit' | 'resubmit' | null>(null);
  const act = useTaskMutation((action: TaskAction) => tasksApi.act(task.kind, task.id, action));
  if (!task.my_status) return null;
  const p = task.permissions;
  return (
    <Card>
      <CardHeader header={<Text weight="semibold">{t('tasks:info.my_work')}</Text>} />
      <div className={styles.row}>
        <WorkStatusBadge status={task.my_status} />
        {task.number_of_returned > 0 && (
          <Text>{t('tasks:info.returned_times', { count: task.number_of_returned })}</Text>
        )}
      </div>
      {task.comment && (
        <Text>
          {t('tasks:fields.feedback')}: {task.comment}
        </Text>
      )}
      <FormAlert error={(act.error as ApiError | null) ?? null} />
      <div className={styles.row}>
        {p.submit && (
          <Button appearance="primary" onClick={() => setMode('submit')}>
            {t('tasks:submit.submit')}
          </Button>
        )}
        {p.resubmit && (
          <Button
            appearance={p.submit ? 'secondary' : 'primary'}
            onClick={() => setMode('resubmit')}
          >
            {t('tasks:submit.resubmit')}
          </Button>
        )}
        {p.close_by_assignee && (
          <Button onClick={() => act.mutate('close-by-assignee')}>
            {t('tasks:actions.mark_done')}
          </Button>
        )}
        {p.open_by_assignee && (
          <Button onClick={() => act.mutate('open-by-assignee')}>
            {t('tasks:actions.reopen_work')}
          </Button>
        )}
      </div>
      {mode && <SubmitDialog task={task} mode={mode} onClose={() => setMode(null)} />}
    </Card>
  );
}

function Subtasks({ task }: { task: Task }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [adding, setAdding] = useState(false);
  const subtasks = useQuery({
    queryKey: taskKeys.subtasks(task.id),
    queryFn: () => tasksApi.subtasks(task.id),
  });
  return (
    <Card>
      <CardHeader
        header={
          <Text weight="semibold">{t('tasks:info.subtasks', { count: task.subtask_count })}</Text>
        }
        action={
          task.permissions.create_subtask ? (
            <Button onClick={() => setAdding(true)}>{t('tasks:actions.add_subtask')}</Button>
          ) : undefined
        }
      />
      {subtasks.data && subtasks.data.length > 0 ? (
        <ul className={styles.list}>
          {subtasks.data.map((subtask) => (
            <li key={subtask.id} className={styles.item}>
              <ColorSwatch color={subtask.schema.color} />
              <RouterLink to={taskLink(task.workspace_id, subtask)}>{subtask.name}</RouterLink>
              {subtask.my_status ? (
                <WorkStatusBadge status={subtask.my_status} />
              ) : (
                <TaskStatusBadge task={subtask} />
              )}
              <DueDate task={subtask} />
            </li>
          ))}
        </ul>
      ) : (
        <Text>{t('tasks:info.no_subtasks')}</Text>
      )}
      {adding && (
        <TaskFormDialog
          mode={{ kind: 'subtask', workspaceId: task.workspace_id, parent: task }}
          onClose={() => setAdding(false)}
        />
      )}
    </Card>
  );
}

/** tasks/:id/info and tasks/:id/subtasks/:subtask/info (spec 2.6). */
export default function TaskInfoPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const page = useTaskPageStyles();
  const { kind, id, task: query } = useRoutedTask();
  if (query.isPending) return <Busy />;
  if (query.isError) {
    const error = apiErrorOf(query.error);
    return <EmptyState title={error.messages[0] ?? t('tasks:info.not_found')} />;
  }
  const task = query.data;
  return (
    <div className={page.root}>
      <div className={page.header}>
        <ColorSwatch color={task.schema.color} />
        <Title2 as="h1" className={page.grow}>
          {task.name}
        </Title2>
        <WorkStateBadge task={task} />
        {task.permissions.view_report && (
          <RouterButton to={taskLink(task.workspace_id, task, 'report')}>
            {t('tasks:info.report')}
          </RouterButton>
        )}
        <Suspense fallback={null}>
          <ModelChatButton modelType="task" modelId={task.id} />
        </Suspense>
        {task.kind === 'task' && (
          <ShareButton
            record={{ workspace: task.workspace_id, type: 'task', id: task.id }}
            name={task.name}
          />
        )}
        <TaskActions task={task} />
      </div>
      {task.parent && (
        <Text>
          {t('tasks:info.subtask_of')}{' '}
          <RouterLink to={`/workspaces/${task.workspace_id}/tasks/${task.parent.id}/info`}>
            {task.parent.name}
          </RouterLink>
        </Text>
      )}
      <Card>
        <div className={styles.facts}>
          <Text className={styles.label}>{t('tasks:fields.task_status')}</Text>
          <span>
            <TaskStatusBadge task={task} />
          </span>
          <Text className={styles.label}>{t('tasks:fields.due_at')}</Text>
          <DueDate task={task} />
          <Text className={styles.label}>{t('tasks:fields.assignee')}</Text>
          <div className={styles.row}>
            <People people={assigneesOf(task)} max={8} />
            {task.teams.map((team) => (
              <Text key={team.id}>{team.name}</Text>
            ))}
          </div>
          <Text className={styles.label}>{t('tasks:fields.reviewers')}</Text>
          <People people={task.reviewers} />
          <Text className={styles.label}>{t('tasks:fields.submitted_percentage')}</Text>
          <SubmittedPercentage value={task.submitted_percentage} />
          <Text className={styles.label}>{t('tasks:fields.created_by')}</Text>
          <Text>{task.created_by.name}</Text>
        </div>
        {task.description && <Text className={styles.description}>{task.description}</Text>}
        {task.users_dont_have_team_count > 0 && (
          <Text>{t('tasks:info.without_team', { count: task.users_dont_have_team_count })}</Text>
        )}
      </Card>
      <MyWork task={task} />
      {task.permissions.review && task.assignments.length > 0 && (
        <Card>
          <CardHeader header={<Text weight="semibold">{t('tasks:review.title')}</Text>} />
          <ReviewPanel task={task} />
        </Card>
      )}
      <Card>
        <CardHeader header={<Text weight="semibold">{t('tasks:answers.title')}</Text>} />
        <Answers kind={kind} id={id} />
      </Card>
      {task.kind === 'task' && <Subtasks task={task} />}
      <Card>
        <CardHeader header={<Text weight="semibold">{t('tasks:tracking.title')}</Text>} />
        <Timeline kind={kind} id={id} />
      </Card>
    </div>
  );
}
