import { makeStyles, Spinner, Tab, TabList, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_SORTS, type TaskStatus } from '@contracts/tasks';
import { SectionCard } from '@/components/SectionCard';
import { localStore } from '@/lib/storage';
import { tasksApi, taskKeys, type TaskListQuery } from '../api';
import { useWorkspaceId } from '../hooks';
import { TaskFormDialog, type TaskFormMode } from '../components/TaskForm';
import { TaskBoard, TaskGrid, TaskTable, TaskTree } from '../components/TaskViews';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

type Sort = (typeof TASK_SORTS)[number];
const SORT_KEY = 'tasks:sort';

/**
 * The workspace's tasks (spec 2.6 "tasks"): open, closed (previous) and archived with their
 * counts, in the section card's list, grid, board or tree. Every view renders the same query.
 */
export default function TasksPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const workspaceId = useWorkspaceId();
  const [status, setStatus] = useState<TaskStatus>('open');
  const [sort, setSort] = useState<{ value: Sort; direction: 'asc' | 'desc' }>(
    () => localStore.getJSON(SORT_KEY) ?? { value: 'created_at', direction: 'desc' },
  );
  const [form, setForm] = useState<TaskFormMode | null>(null);
  const query: TaskListQuery = { status, sort: sort.value, direction: sort.direction };
  const list = useQuery({
    queryKey: taskKeys.list(workspaceId, query),
    queryFn: () => tasksApi.list(workspaceId, query),
  });
  const workspace = useQuery({
    queryKey: taskKeys.workspace(workspaceId),
    queryFn: () => tasksApi.workspace(workspaceId),
  });
  const abilities = workspace.data?.abilities ?? {};
  const canAdd =
    workspace.data?.status !== 'archived' &&
    (abilities.create_task || abilities.create_task_as_member);
  const counts = list.data?.counts;

  return (
    <div className={styles.root}>
      <TabList
        selectedValue={status}
        onTabSelect={(_, data) => setStatus(data.value as TaskStatus)}
      >
        {(['open', 'closed', 'archived'] as const).map((value) => (
          <Tab key={value} value={value}>
            {t(`tasks:lists.${value}`)} {counts ? `(${counts[value]})` : ''}
          </Tab>
        ))}
      </TabList>
      <SectionCard
        section="workspace-tasks"
        title={t('tasks:page.title')}
        count={list.data?.tasks.length}
        defaultView="list"
        sort={{
          options: TASK_SORTS.map((value) => ({ value, label: t(`tasks:sort.${value}`) })),
          value: sort.value,
          direction: sort.direction,
          onChange: (value, direction) => {
            const next = { value: value as Sort, direction };
            localStore.setJSON(SORT_KEY, next);
            setSort(next);
          },
        }}
        onAdd={
          canAdd
            ? () => setForm({ kind: abilities.create_task ? 'owner' : 'member', workspaceId })
            : undefined
        }
        addLabel={t('tasks:actions.new_task')}
      >
        {(view) => {
          if (!list.data) return <Spinner />;
          const tasks = list.data.tasks;
          if (view === 'grid') return <TaskGrid tasks={tasks} />;
          if (view === 'board') return <TaskBoard tasks={tasks} />;
          if (view === 'tree') return <TaskTree tasks={tasks} />;
          return <TaskTable tasks={tasks} />;
        }}
      </SectionCard>
      {form && <TaskFormDialog mode={form} onClose={() => setForm(null)} />}
    </div>
  );
}
