import { Checkbox, Field, Input, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '@contracts/tasks';
import type { Person } from '@contracts/people';
import { FormAlert, fieldError } from '@/components/FormAlert';
import { PeoplePicker } from '@/components/PeoplePicker';
import type { ApiError } from '@/lib/http';
import { tasksApi } from '../api';
import { taskKeys } from '../keys';
import { useTaskMutation } from '../hooks';
import { DateTimeField } from '@/components/DateField';
import { useDiscardGuard } from '@/components/discard-guard';
import { FormDialog } from '@/components/FormDialog';
import { column } from '@/lib/styles';

const useStyles = makeStyles({
  form: { ...column, gap: tokens.spacingVerticalM },
});

/** What the form makes: a manager's task, a member's own task, or a subtask of `parent`. */
export type TaskFormMode =
  | { kind: 'owner'; workspaceId: number }
  | { kind: 'member'; workspaceId: number }
  | { kind: 'subtask'; workspaceId: number; parent: Task }
  | { kind: 'edit'; workspaceId: number; task: Task };

/** A datetime-local value for an ISO time, in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function TaskFormDialog({ mode, onClose }: { mode: TaskFormMode; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const editing = mode.kind === 'edit' ? mode.task : null;
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [due, setDue] = useState(localInput(editing?.expired_at ?? null));
  const [userIds, setUserIds] = useState<number[]>([]);
  const [teamIds, setTeamIds] = useState<number[]>(editing?.teams.map((x) => x.id) ?? []);
  const [reviewerIds, setReviewerIds] = useState<number[] | null>(
    editing ? editing.reviewers.map((p) => p.id) : null,
  );
  const [forMyTeam, setForMyTeam] = useState(false);
  const [forAll, setForAll] = useState(false);
  const { workspaceId } = mode;

  const users = useQuery({
    queryKey: taskKeys.users(workspaceId, mode.kind === 'subtask' ? mode.parent.id : 0),
    queryFn: (): Promise<Person[]> =>
      mode.kind === 'subtask'
        ? tasksApi.subtaskUsers(mode.parent.id)
        : tasksApi.selectableUsers(workspaceId),
    enabled: mode.kind === 'owner' || mode.kind === 'subtask',
  });
  const teams = useQuery({
    queryKey: taskKeys.choices(workspaceId, 'teams'),
    queryFn: () => tasksApi.selectableTeams(workspaceId),
    enabled:
      mode.kind === 'owner' ||
      (mode.kind === 'edit' && editing?.type === 'owner' && editing.kind === 'task'),
  });
  const reviewers = useQuery({
    queryKey: taskKeys.choices(workspaceId, 'reviewers'),
    queryFn: () => tasksApi.reviewerChoices(workspaceId),
  });
  const chosenReviewers =
    reviewerIds ??
    (mode.kind === 'subtask'
      ? mode.parent.reviewers.map((p) => p.id)
      : (reviewers.data?.default_reviewers.map((p) => p.id) ?? [])
    ).filter((id) => !userIds.includes(id));

  const save = useTaskMutation(async () => {
    const draft = {
      name: name.trim(),
      description: description.trim() || null,
      expired_at: due ? new Date(due).toISOString() : null,
      reviewer_ids: chosenReviewers,
    };
    switch (mode.kind) {
      case 'owner':
        return tasksApi.createByOwner(workspaceId, {
          ...draft,
          user_ids: userIds,
          team_ids: teamIds,
        });
      case 'member':
        return tasksApi.createByMember(workspaceId, { ...draft, for_my_team: forMyTeam });
      case 'subtask':
        return tasksApi.createSubtask(
          mode.parent.id,
          forAll ? draft : { ...draft, user_ids: userIds, team_ids: teamIds },
          forAll,
        );
      case 'edit':
        return tasksApi.update(mode.task.kind, mode.task.id, {
          ...draft,
          ...(teams.data ? { team_ids: teamIds } : {}),
        });
    }
  });
  const error = (save.error as ApiError | null) ?? null;
  const title = t(`tasks:form.title_${mode.kind}`);
  // A stray Escape or click beside the dialog asks before throwing typed work away; Cancel does not.
  const typed =
    name.trim() !== (editing?.name ?? '') ||
    description.trim() !== (editing?.description ?? '').trim() ||
    due !== localInput(editing?.expired_at ?? null) ||
    userIds.length > 0;
  const guard = useDiscardGuard(typed, onClose);
  return (
    <FormDialog
      guard={guard}
      title={title}
      onSubmit={() => save.mutate(undefined, { onSuccess: onClose })}
      contentClassName={styles.form}
      onClose={onClose}
      submitLabel={editing ? t('tasks:actions.save') : t('tasks:actions.create')}
      submitDisabled={save.isPending || !name.trim()}
    >
      <FormAlert error={error} />
      <Field label={t('tasks:fields.name')} required validationMessage={fieldError(error, 'name')}>
        <Input value={name} onChange={(_, data) => setName(data.value)} maxLength={200} />
      </Field>
      <Field label={t('tasks:fields.description')}>
        <Textarea
          value={description}
          onChange={(_, data) => setDescription(data.value)}
          resize="vertical"
        />
      </Field>
      <DateTimeField
        label={t('tasks:fields.due_at')}
        validationMessage={fieldError(error, 'expired_at')}
        value={due}
        onChange={setDue}
      />
      {mode.kind === 'subtask' && (
        <Checkbox
          checked={forAll}
          onChange={(_, data) => setForAll(Boolean(data.checked))}
          label={t('tasks:form.for_all_users')}
        />
      )}
      {(mode.kind === 'owner' || (mode.kind === 'subtask' && !forAll)) && users.data && (
        <PeoplePicker
          label={t('tasks:fields.assignees')}
          people={users.data}
          selected={userIds}
          onChange={setUserIds}
          error={fieldError(error, 'user_ids')}
        />
      )}
      {teams.data && teams.data.teams.length > 0 && (
        <PeoplePicker
          kind="team"
          label={t('tasks:fields.teams')}
          people={teams.data.teams}
          selected={teamIds}
          onChange={setTeamIds}
          error={fieldError(error, 'team_ids')}
        />
      )}
      {mode.kind === 'member' && (
        <Checkbox
          checked={forMyTeam}
          onChange={(_, data) => setForMyTeam(Boolean(data.checked))}
          label={t('tasks:form.for_my_team')}
        />
      )}
      {reviewers.data && (
        <PeoplePicker
          label={t('tasks:fields.reviewers')}
          people={reviewers.data.all_reviewers}
          selected={chosenReviewers}
          onChange={setReviewerIds}
          error={fieldError(error, 'reviewer_ids')}
        />
      )}
    </FormDialog>
  );
}
