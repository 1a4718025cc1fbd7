import { Card, CardHeader, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Task } from '@contracts/tasks';
import { Board } from '@/components/Board';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import { RouterLink } from '@/components/RouterLink';
import { formatDate } from '@/lib/format';
import { BOARD_COLUMNS, groupByColumn } from '../board';
import { taskLink } from '../hooks';
import {
  ColorSwatch,
  DueDate,
  People,
  SubmittedPercentage,
  WorkStateBadge,
  assigneesOf,
} from './TaskBits';
import { wrappingRow, tileGrid } from '@/lib/styles';

const useStyles = makeStyles({
  grid: {
    ...tileGrid('260px'),
    gap: tokens.spacingHorizontalM,
  },
  card: { gap: tokens.spacingVerticalS },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  row: { ...wrappingRow, gap: tokens.spacingHorizontalS },
});

/** A task's colour and linked name, as every view shows it. */
export function TaskName({ task }: { task: Task }) {
  const styles = useStyles();
  return (
    <span className={styles.name}>
      <ColorSwatch color={task.schema.color} />
      <RouterLink to={taskLink(task.workspace_id, task)}>{task.name}</RouterLink>
    </span>
  );
}

/** The task columns of the data table (spec 2.11). */
export function useTaskColumns(): DataTableColumn<Task>[] {
  const { t } = useTranslation();
  // Key columns first: what it is, where it stands, when it is due, who does it.
  return [
    {
      id: 'name',
      label: t('tasks:fields.name'),
      alwaysShown: true,
      minWidth: '200px',
      render: (task) => <TaskName task={task} />,
    },
    {
      id: 'status',
      label: t('tasks:fields.status'),
      render: (task) => <WorkStateBadge task={task} />,
    },
    { id: 'due_at', label: t('tasks:fields.due_at'), render: (task) => <DueDate task={task} /> },
    {
      id: 'assignee',
      label: t('tasks:fields.assignee'),
      render: (task) => <People people={assigneesOf(task)} />,
    },
    {
      id: 'submitted_percentage',
      label: t('tasks:fields.submitted_percentage'),
      render: (task) => <SubmittedPercentage value={task.submitted_percentage} />,
    },
    {
      id: 'feedback',
      label: t('tasks:fields.feedback'),
      minWidth: '160px',
      render: (task) => task.comment ?? '—',
    },
    { id: 'type', label: t('tasks:fields.type'), render: (task) => t(`tasks:type.${task.type}`) },
    {
      id: 'subtask_count',
      label: t('tasks:fields.subtask_count'),
      render: (task) => task.subtask_count,
    },
    {
      id: 'started_at',
      label: t('tasks:fields.started_at'),
      defaultHidden: true,
      render: (task) => (task.started_at ? formatDate(task.started_at) : '—'),
    },
    {
      id: 'created_by',
      label: t('tasks:fields.created_by'),
      defaultHidden: true,
      render: (task) => task.created_by.name,
    },
  ];
}

export function TaskTable({
  tasks,
  tableId = 'tasks',
}: {
  tasks: Task[];
  tableId?: 'tasks' | 'subtasks';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DataTable
      tableId={tableId}
      label={t('tasks:page.title')}
      items={tasks}
      columns={useTaskColumns()}
      getRowId={(task) => task.id}
      onRowClick={(task) => navigate(taskLink(task.workspace_id, task))}
      isDimmed={(task) => task.created_by.is_shadow}
      emptyText={t('tasks:page.empty')}
    />
  );
}

export function TaskCard({ task }: { task: Task }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} data-task={task.id}>
      <CardHeader header={<TaskName task={task} />} />
      <div className={styles.row}>
        <WorkStateBadge task={task} />
        <DueDate task={task} />
      </div>
      <People people={assigneesOf(task)} />
    </Card>
  );
}

export function TaskGrid({ tasks }: { tasks: Task[] }) {
  const styles = useStyles();
  return (
    <div className={styles.grid}>
      {tasks.map((task) => (
        <TaskCard key={task.id} task={task} />
      ))}
    </div>
  );
}

/** Columns by where the caller's work stands: to do, returned, in review, done. */
export function TaskBoard({ tasks }: { tasks: Task[] }) {
  const { t } = useTranslation();
  const groups = groupByColumn(tasks);
  return (
    <Board
      columns={BOARD_COLUMNS.map((column) => ({
        id: column,
        label: t(`tasks:board.${column}`),
        items: groups[column],
      }))}
      keyOf={(task) => task.id}
      renderCard={(task) => <TaskCard task={task} />}
    />
  );
}
