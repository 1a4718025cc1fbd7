import { Button, Field, MenuItem, Select } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Task } from '@contracts/tasks';
import { FormAlert } from '@/components/FormAlert';
import type { ApiError } from '@/lib/http';
import { tasksApi, type TaskAction } from '../api';
import { taskLink, useTaskMutation, useTaskPart } from '../hooks';
import { TaskFormDialog } from './TaskForm';
import { useConfirm } from '@/components/ConfirmDialog';
import { SimpleDialog } from '@/components/SimpleDialog';
import { ButtonMenu } from '@/components/ButtonMenu';

/** Subtask → other task, or task → subtask of another: the target comes from can-move-to-tasks. */
function MoveDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const targets = useTaskPart(task.kind, task.id, 'move-targets', tasksApi.moveTargets);
  const [target, setTarget] = useState('');
  const move = useTaskMutation((targetId: number) => tasksApi.move(task.kind, task.id, targetId));
  return (
    <SimpleDialog
      onClose={onClose}
      title={t(task.kind === 'task' ? 'tasks:move.make_subtask' : 'tasks:move.move')}
      actions={
        <>
          <Button onClick={onClose}>{t('tasks:actions.cancel')}</Button>
          <Button
            appearance="primary"
            disabled={!target || move.isPending}
            onClick={() =>
              move.mutate(Number(target), {
                onSuccess: (moved) => navigate(taskLink(task.workspace_id, moved)),
              })
            }
          >
            {t('tasks:move.confirm')}
          </Button>
        </>
      }
    >
      <FormAlert error={(move.error as ApiError | null) ?? null} />
      <Field label={t('tasks:move.target')}>
        <Select value={target} onChange={(_, data) => setTarget(data.value)}>
          <option value="" />
          {targets.data?.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </Select>
      </Field>
    </SimpleDialog>
  );
}

/** The task's menu: only what the caller's `permissions` allow. */
export function TaskActions({ task }: { task: Task }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'move' | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const act = useTaskMutation((action: TaskAction) => tasksApi.act(task.kind, task.id, action));
  const promote = useTaskMutation(() => tasksApi.toTask(task.id));
  const remove = useTaskMutation(() => tasksApi.remove(task.kind, task.id));
  const remind = useTaskMutation(() => tasksApi.remind(task.kind, task.id));
  const p = task.permissions;
  const items: { key: string; label: string; run: () => unknown }[] = [];
  if (p.update)
    items.push({ key: 'edit', label: t('tasks:actions.edit'), run: () => setDialog('edit') });
  if (p.review && task.status === 'open')
    items.push({
      key: 'close',
      label: t('tasks:actions.close_task'),
      run: () => act.mutate('close-by-reviewer'),
    });
  if (p.review && task.status === 'closed')
    items.push({
      key: 'reopen',
      label: t('tasks:actions.reopen_task'),
      run: () => act.mutate('open-by-reviewer'),
    });
  if ((p.update || p.review) && task.status === 'open')
    items.push({
      key: 'remind',
      label: t('tasks:actions.remind_all'),
      run: () => remind.mutate(undefined),
    });
  if (p.move)
    items.push({
      key: 'move',
      label: t(task.kind === 'task' ? 'tasks:move.make_subtask' : 'tasks:move.move'),
      run: () => setDialog('move'),
    });
  if (p.move && task.kind === 'subtask')
    items.push({
      key: 'promote',
      label: t('tasks:move.make_task'),
      run: () =>
        promote.mutate(undefined, {
          onSuccess: (moved) => navigate(taskLink(task.workspace_id, moved)),
        }),
    });
  if (p.archive)
    items.push({
      key: 'archive',
      label: t('tasks:actions.archive'),
      run: () => act.mutate('archive'),
    });
  if (p.restore)
    items.push({
      key: 'restore',
      label: t('tasks:actions.restore'),
      run: () => act.mutate('restore'),
    });
  if (p.delete)
    items.push({
      key: 'delete',
      label: t('tasks:actions.delete'),
      run: async () => {
        const agreed = await confirm({
          message: t('tasks:actions.delete_confirm', { name: task.name }),
          confirmLabel: t('tasks:actions.delete'),
        });
        if (!agreed) return;
        remove.mutate(undefined, {
          onSuccess: () => navigate(`/workspaces/${task.workspace_id}/tasks`),
        });
      },
    });
  if (items.length === 0) return null;
  return (
    <>
      <ButtonMenu
        trigger={<Button icon={<MoreHorizontalRegular />} aria-label={t('tasks:actions.more')} />}
      >
        {items.map((item) => (
          <MenuItem key={item.key} onClick={item.run}>
            {item.label}
          </MenuItem>
        ))}
      </ButtonMenu>
      {dialog === 'edit' && (
        <TaskFormDialog
          mode={{ kind: 'edit', workspaceId: task.workspace_id, task }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'move' && <MoveDialog task={task} onClose={() => setDialog(null)} />}
      {confirmDialog}
    </>
  );
}
