import { Tree, TreeItem, TreeItemLayout } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '@contracts/tasks';
import { tasksApi } from '../api';
import { taskKeys } from '../keys';
import { WorkStateBadge } from './TaskBits';
import { TaskName } from './TaskViews';

function SubtaskBranch({ task }: { task: Task }) {
  const subtasks = useQuery({
    queryKey: taskKeys.subtasks(task.id),
    queryFn: () => tasksApi.subtasks(task.id),
  });
  return (
    <Tree>
      {(subtasks.data ?? []).map((subtask) => (
        <TreeItem key={subtask.id} itemType="leaf" value={`subtask-${subtask.id}`}>
          <TreeItemLayout aside={<WorkStateBadge task={subtask} />}>
            <TaskName task={subtask} />
          </TreeItemLayout>
        </TreeItem>
      ))}
    </Tree>
  );
}

/** Tasks with their subtasks, each loaded when its branch is opened. */
export function TaskTree({ tasks }: { tasks: Task[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<string>>(new Set());
  return (
    <Tree
      aria-label={t('tasks:page.tree')}
      openItems={open}
      onOpenChange={(_, data) => setOpen(new Set([...data.openItems].map(String)))}
    >
      {tasks.map((task) => (
        <TreeItem
          key={task.id}
          value={`task-${task.id}`}
          itemType={task.subtask_count > 0 ? 'branch' : 'leaf'}
        >
          <TreeItemLayout aside={<WorkStateBadge task={task} />}>
            <TaskName task={task} />
          </TreeItemLayout>
          {task.subtask_count > 0 && open.has(`task-${task.id}`) && <SubtaskBranch task={task} />}
        </TreeItem>
      ))}
    </Tree>
  );
}
