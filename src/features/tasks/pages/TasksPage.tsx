import { makeStyles, tokens } from '@fluentui/react-components';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_SORTS } from '@contracts/constants';
import { SectionCard } from '@/components/SectionCard';
import { useWorkspaceQuery } from '@/features/workspaces';
import { ListStatusTabs } from '@/components/ListStatusTabs';
import { useListStatus, useStoredSort } from '@/lib/list-status';
import { tasksApi, type TaskListQuery } from '../api';
import { taskKeys } from '../keys';
import { useWorkspaceId } from '../hooks';
import type { TaskFormMode } from '../components/TaskForm';
import { TaskBoard, TaskGrid, TaskTable } from '../components/TaskViews';
import { Busy } from '@/components/Busy';
import { ShowMoreButton } from '@/components/ShowMoreButton';
import { column } from '@/lib/styles';
import { lazyComponent } from '@/lib/lazy-page';

/** The form (dates, people, files) loads when someone opens it, not with the list. */
const TaskFormDialog = lazyComponent(() =>
  import('../components/TaskForm').then((module) => module.TaskFormDialog),
);
/** Fluent's tree loads with the view that shows it. */
const TaskTree = lazyComponent(() =>
  import('../components/TaskTree').then((module) => module.TaskTree),
);

const useStyles = makeStyles({
  root: { ...column, gap: tokens.spacingVerticalM },
  more: { alignSelf: 'center', marginTop: tokens.spacingVerticalM },
});

/** Tasks fetched per page; the rest come with "Show more", paged by the server. */
const PAGE_SIZE = 50;

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
  const [status] = useListStatus();
  const [sort, chooseSort] = useStoredSort<Sort>(SORT_KEY);
  const [form, setForm] = useState<TaskFormMode | null>(null);
  const query: TaskListQuery = { status, sort: sort.value, direction: sort.direction };
  const list = useInfiniteQuery({
    queryKey: taskKeys.list(workspaceId, query),
    queryFn: ({ pageParam }) =>
      tasksApi.list(workspaceId, { ...query, page: pageParam, per_page: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: ({ meta }) =>
      meta.page * meta.per_page < meta.total ? meta.page + 1 : undefined,
  });
  const pages = list.data?.pages;
  const loaded = pages?.flatMap((page) => page.tasks);
  const total = pages?.[0].meta.total;
  const workspace = useWorkspaceQuery(workspaceId);
  const abilities = workspace.data?.abilities ?? {};
  const canAdd =
    workspace.data?.status !== 'archived' &&
    (abilities.create_task || abilities.create_task_as_member);
  const counts = pages?.[0].counts;

  return (
    <div className={styles.root}>
      <ListStatusTabs counts={counts} label={(value) => t(`tasks:lists.${value}`)} />
      <SectionCard
        section="workspace-tasks"
        title={t('tasks:page.title')}
        count={total}
        defaultView="list"
        sort={{
          options: TASK_SORTS.map((value) => ({ value, label: t(`tasks:sort.${value}`) })),
          value: sort.value,
          direction: sort.direction,
          onChange: chooseSort,
        }}
        onAdd={
          canAdd
            ? () => setForm({ kind: abilities.create_task ? 'owner' : 'member', workspaceId })
            : undefined
        }
        addLabel={t('tasks:actions.new_task')}
      >
        {(view) => {
          if (!loaded) return <Busy />;
          const views = { grid: TaskGrid, board: TaskBoard, tree: TaskTree, list: TaskTable };
          const View = views[view as keyof typeof views] ?? TaskTable;
          return (
            <Suspense fallback={<Busy />}>
              <View tasks={loaded} />
              <ShowMoreButton list={list} className={styles.more}>
                {t('tasks:page.show_more', { shown: loaded.length, total })}
              </ShowMoreButton>
            </Suspense>
          );
        }}
      </SectionCard>
      {form && (
        <Suspense fallback={null}>
          <TaskFormDialog mode={form} onClose={() => setForm(null)} />
        </Suspense>
      )}
    </div>
  );
}
